import { createFileRoute } from '@tanstack/react-router';
import { SURVEY_PERMISSIONS } from '../../../../../contracts/survey-constants';
import { requirePerms } from '../../../../app/guards';
import { resultsRouteOptions, ResultsRoute } from '../../../../features/surveys/results/route';

/** 问卷统计 (hidden menu /survey/cjwj/tjfx, permission survey_cjwj): ?id=&org=&tab=&page=&size=. */
export const Route = createFileRoute('/_app/survey/cjwj/tjfx')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.manage),
  ...resultsRouteOptions,
  component: ResultsRoute,
});
