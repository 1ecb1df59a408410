// The public survey page's API paths (issue 9): zod-free and import-free.

/**
 * The public page's calls (no login; tenant from the host or X-Tenant; rate-limited), in a module of
 * their own so that contracts/encryption.ts (in the app's entry chunk) whitelists them without taking
 * every survey path into that chunk (a module the entry imports lands there whole, with everything
 * the lazy screens use of it).
 */
export const SURVEY_PUBLIC_URLS = {
  publicList: '/api/surveys/public/list',
  publicOpen: '/api/surveys/public/open',
  publicAnswer: '/api/surveys/public/answer',
  /** multipart `file`: one picture for a picture question; questionnaireId and answerId in the query (?questionnaireId=&answerId=), checked before the file is received */
  publicUpload: '/api/surveys/public/upload',
} as const;
