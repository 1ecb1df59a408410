import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { SURVEY_PERMISSIONS } from '../../../../../contracts/survey-constants';
import { requirePerms } from '../../../../app/guards';
import { surveyListRouteOptions, SurveysScreenLazy } from '../../../../features/surveys/manage/route';
import type { SurveyListSearchParams } from '../../../../features/surveys/manage/search';

/** 问卷管理 (menu /survey/cjwj, permission survey_cjwj): ?keyword=&published=&inUse=&timeState=&page=&size=. */
export const Route = createFileRoute('/_app/survey/cjwj/')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.manage),
  ...surveyListRouteOptions,
  component: SurveysRoute,
});

function SurveysRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: SurveyListSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  const go = useCallback((to: string, next: Record<string, string>) => void navigate({ to: to as never, search: next as never }), [navigate]);
  return (
    <Suspense fallback={null}>
      <SurveysScreenLazy search={search} onSearchChange={onSearchChange} go={go} />
    </Suspense>
  );
}
