import { createFileRoute } from '@tanstack/react-router';
import { SURVEY_PERMISSIONS } from '../../../../../contracts/survey-constants';
import { requirePerms } from '../../../../app/guards';
import { answerRouteOptions, AnswerRoute } from '../../../../features/surveys/answering/route';

/** 问卷填报 (menu /survey/wjdt, permission survey_wjdt): ?answered=&keyword=&page=&size=&id= (id: the answer view). */
export const Route = createFileRoute('/_app/survey/wjdt/')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.answer),
  ...answerRouteOptions,
  component: AnswerRoute,
});
