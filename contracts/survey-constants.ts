// Questionnaires (issue 9): the constants route-level code needs (question kinds, time states,
// permission codes, paths). Tiny and import-free: a module route-level code reaches lands whole in the
// entry chunk (/login, /dashboard), so route files and their search params import these from here, never
// from contracts/survey-rules.ts (its answer checks would come along). survey-rules.ts re-exports them:
// everything else may keep importing them from there.

/** Question kinds (SPEC §1 'Communication': the common kinds). */
export const QUESTION_KINDS = ['single', 'multiple', 'text', 'rating', 'matrix', 'number', 'date', 'picture'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** Time state of a questionnaire (SPEC §4 'started/expired'). */
export const TIME_STATES = ['not_started', 'started', 'expired'] as const;
export type TimeState = (typeof TIME_STATES)[number];

/** Permission codes (contracts/menus.ts): manage (see, add, edit, delete, publish), answer in the app, the question bank. */
export const SURVEY_PERMISSIONS = {
  manage: 'survey_cjwj',
  add: 'survey_cjwj_add',
  edit: 'survey_cjwj_edit',
  delete: 'survey_cjwj_delete',
  publish: 'survey_cjwj_publish',
  answer: 'survey_wjdt',
  bank: 'jzwj_wjsz',
} as const;

/** App and public paths (SPEC §2 keeps /survey/wjdt/…; the rest are menu paths of contracts/menus.ts). */
export const SURVEY_PATHS = {
  manage: '/survey/cjwj',
  edit: '/survey/cjwj/bjwj',
  preview: '/survey/cjwj/perviewWJ',
  results: '/survey/cjwj/tjfx',
  answerInApp: '/survey/wjdt',
  bank: '/pztm/pztm',
  publicList: '/survey/wjdt/wjdtListNotLogin',
  publicAnswer: '/survey/wjdt/answerSurvey',
  /** scope of the public page's manifest and service worker */
  publicScope: '/survey/wjdt/',
} as const;
