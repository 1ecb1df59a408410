import type * as Contract from '../../../contracts/exams';

/**
 * The contract's constants (contracts/exams.ts), restated so that the route files (whose search
 * parsers and guards sit in the /login entry chunk) never import that module's zod schemas. Each
 * constant is typed as the contract's literal, so a change there fails typecheck here.
 */
export const EXAMS_PERMISSION: typeof Contract.EXAMS_PERMISSION = 'kspc';
export const EXAMS_ADD_PERMISSION: typeof Contract.EXAMS_ADD_PERMISSION = 'kspc_add';
export const EXAMS_EDIT_PERMISSION: typeof Contract.EXAMS_EDIT_PERMISSION = 'kspc_edit';
export const EXAMS_DELETE_PERMISSION: typeof Contract.EXAMS_DELETE_PERMISSION = 'kspc_delete';
export const EXAMS_PUBLISH_PERMISSION: typeof Contract.EXAMS_PUBLISH_PERMISSION = 'kspc_publish';
export const SCORE_SYSTEMS_PERMISSION: typeof Contract.SCORE_SYSTEMS_PERMISSION = 'cjtx';
export const SCORE_SYSTEMS_ADD_PERMISSION: typeof Contract.SCORE_SYSTEMS_ADD_PERMISSION = 'cjtx_add';
export const SCORE_SYSTEMS_EDIT_PERMISSION: typeof Contract.SCORE_SYSTEMS_EDIT_PERMISSION = 'cjtx_edit';
export const SCORE_SYSTEMS_DELETE_PERMISSION: typeof Contract.SCORE_SYSTEMS_DELETE_PERMISSION = 'cjtx_delete';
