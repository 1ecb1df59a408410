// The exam and score-system permission codes, alone: route files (their guards sit in the /login entry
// chunk) import them from here, so exam-rules.ts (which re-exports them) stays with the lazy screens.

export const EXAMS_PERMISSION = 'kspc';
export const EXAMS_ADD_PERMISSION = 'kspc_add';
export const EXAMS_EDIT_PERMISSION = 'kspc_edit';
export const EXAMS_DELETE_PERMISSION = 'kspc_delete';
export const EXAMS_PUBLISH_PERMISSION = 'kspc_publish';
export const SCORE_SYSTEMS_PERMISSION = 'cjtx';
export const SCORE_SYSTEMS_ADD_PERMISSION = 'cjtx_add';
export const SCORE_SYSTEMS_EDIT_PERMISSION = 'cjtx_edit';
export const SCORE_SYSTEMS_DELETE_PERMISSION = 'cjtx_delete';
