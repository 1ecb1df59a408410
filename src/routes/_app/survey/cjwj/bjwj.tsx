import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect } from 'react';
import { SURVEY_PERMISSIONS } from '../../../../../contracts/survey-constants';
import { requirePerms } from '../../../../app/guards';
import { surveyEditRouteOptions, SurveyEditorLazy } from '../../../../features/surveys/manage/route';

/** 编辑问卷 (hidden menu /survey/cjwj/bjwj, permission survey_cjwj): ?id= (a new questionnaire: a new uuid). */
export const Route = createFileRoute('/_app/survey/cjwj/bjwj')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.manage),
  ...surveyEditRouteOptions,
  component: EditRoute,
});

function EditRoute() {
  const { id } = Route.useSearch();
  const navigate = Route.useNavigate();
  // without an id: a new questionnaire gets one
  useEffect(() => {
    if (!id) void navigate({ search: { id: crypto.randomUUID() }, replace: true });
  }, [id, navigate]);
  const onBack = useCallback(() => void navigate({ to: '/survey/cjwj' }), [navigate]);
  const onPreview = useCallback((target: string, draft: boolean) => void navigate({ to: '/survey/cjwj/perviewWJ', search: draft ? { id: target, draft: '1' } : { id: target } }), [navigate]);
  if (!id) return null;
  return (
    <Suspense fallback={null}>
      <SurveyEditorLazy id={id} onBack={onBack} onPreview={onPreview} />
    </Suspense>
  );
}
