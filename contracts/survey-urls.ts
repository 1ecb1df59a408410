// The surveys API's paths (issue 9), zod-free: the public page and client modules import them without the schemas.
import { SURVEY_PUBLIC_URLS } from './survey-public-urls';

export { SURVEY_PUBLIC_URLS };

export const SURVEY_URLS = {
  /* managing (survey_cjwj…) */
  list: '/api/surveys/list',
  get: '/api/surveys/get',
  save: '/api/surveys/save',
  delete: '/api/surveys/delete',
  /** publish or unpublish (survey_cjwj_publish; else 'contact the administrator') */
  publish: '/api/surveys/publish',
  /** in use / not used */
  inUse: '/api/surveys/in-use',
  copy: '/api/surveys/copy',
  /** GET with query id=: the public answer link as a QR code (PNG), everyone-audience questionnaires */
  qr: '/api/surveys/qr',
  results: '/api/surveys/results',
  /** table A of raw answers (named surveys show who answered) */
  answers: '/api/surveys/answers',
  /** GET with query id=&orgUnitId=: raw answers as .xlsx */
  export: '/api/surveys/export',
  /* the question bank (/pztm/pztm: jzwj_wjsz; reading also survey_cjwj_add/_edit) */
  bankList: '/api/surveys/bank/list',
  bankSave: '/api/surveys/bank/save',
  bankDelete: '/api/surveys/bank/delete',
  /* answering in the app (survey_wjdt) */
  mine: '/api/surveys/mine',
  /** a questionnaire to answer (the answer page: questions, my answer if any) */
  open: '/api/surveys/open',
  /** idempotent (outbox kind surveys.answer) */
  answer: '/api/surveys/answer',
  ...SURVEY_PUBLIC_URLS,
} as const;
