import { QUESTION_KINDS, TIME_STATES, type QuestionKind } from '../../../../contracts/survey-constants';
import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * URL search params of the questionnaire managing routes, zod-free (route files' validateSearch lands
 * in /login's entry chunk; the kinds and time states come from the tiny contracts/survey-constants.ts,
 * not survey-rules.ts). A missing or bad value is dropped, never an error page.
 */
const yesNo = searchField.oneOf(['yes', 'no']);

/** 问卷管理 /survey/cjwj: ?keyword=&published=&inUse=&timeState=&page=&size= */
const listFields = {
  keyword: searchField.text(50),
  published: yesNo,
  inUse: yesNo,
  timeState: searchField.oneOf(TIME_STATES),
  page: pageField,
  size: pageSizeField,
};
export const surveyListSearchParams = searchSchema(listFields);
export type SurveyListSearchParams = SearchOf<typeof listFields>;

/** 编辑问卷 /survey/cjwj/bjwj?id= (a new questionnaire: a new uuid) */
const editFields = { id: searchField.uuid() };
export const surveyEditSearchParams = searchSchema(editFields);
export type SurveyEditSearchParams = SearchOf<typeof editFields>;

/** 问卷预览 /survey/cjwj/perviewWJ?id=&draft=1 (draft: the editor's unsaved draft kept on the device) */
const previewFields = { id: searchField.uuid(), draft: searchField.oneOf(['1']) };
export const surveyPreviewSearchParams = searchSchema(previewFields);
export type SurveyPreviewSearchParams = SearchOf<typeof previewFields>;

/** 题目配置 /pztm/pztm: ?keyword=&kind=&category=&page=&size= */
const bankFields = {
  keyword: searchField.text(50),
  kind: searchField.oneOf<QuestionKind>(QUESTION_KINDS),
  category: searchField.text(50),
  page: pageField,
  size: pageSizeField,
};
export const bankSearchParams = searchSchema(bankFields);
export type BankSearchParams = SearchOf<typeof bankFields>;

/** Drops empty values (so the URL stays short). */
export const compactSearch = <S extends object>(search: S): S =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as S;
