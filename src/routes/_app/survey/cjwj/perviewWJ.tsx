import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { SURVEY_PERMISSIONS } from '../../../../../contracts/survey-constants';
import { requirePerms } from '../../../../app/guards';
import { surveyPreviewRouteOptions, SurveyPreviewLazy } from '../../../../features/surveys/manage/route';

/** 问卷预览 (SPEC §2 /survey/cjwj/perviewWJ, permission survey_cjwj): ?id= (&draft=1: the editor's unsaved draft). */
export const Route = createFileRoute('/_app/survey/cjwj/perviewWJ')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.manage),
  ...surveyPreviewRouteOptions,
  component: PreviewRoute,
});

function PreviewRoute() {
  const { id, draft } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onBack = useCallback(() => void navigate({ to: '/survey/cjwj' }), [navigate]);
  const onEdit = useCallback((target: string) => void navigate({ to: '/survey/cjwj/bjwj', search: { id: target } }), [navigate]);
  return (
    <Suspense fallback={null}>
      <SurveyPreviewLazy key={`${id}-${draft}`} id={id} draft={draft === '1'} onBack={onBack} onEdit={onEdit} />
    </Suspense>
  );
}
