import type * as Contract from '../../../contracts/scores';

export { SCORE_DECIMALS, SCORE_SCALE_MAX, ScoreMark } from '../../../contracts/score-rules';
export { SUBJECT_DICT } from '../../../contracts/dict-codes';

/**
 * The contract's constants (contracts/scores.ts), restated so that nothing here imports that module's
 * values (it builds zod schemas the bundler cannot drop, and the route files' loaders sit in the
 * /login entry chunk). Each constant is typed as the contract's literal, so a change there fails
 * typecheck here. The score rule's constants and the subject dictionary's code come from the
 * zod-free contracts/score-rules.ts and contracts/dict-codes.ts as they are.
 */
export const SCORES_PERMISSION: typeof Contract.SCORES_PERMISSION = 'cjlr';
export const SCORES_SUBMIT_PERMISSION: typeof Contract.SCORES_SUBMIT_PERMISSION = 'cjlr_submit';
export const SCORES_IMPORT_PERMISSION: typeof Contract.SCORES_IMPORT_PERMISSION = 'cjlr_import';
export const SCORES_EXPORT_PERMISSION: typeof Contract.SCORES_EXPORT_PERMISSION = 'cjlr_export';
export const SCORES_MANAGE_PERMISSION: typeof Contract.SCORES_MANAGE_PERMISSION = 'cjlr_manage';
export const MY_SCORES_PERMISSION: typeof Contract.MY_SCORES_PERMISSION = 'wdcj';

/** The URL's subject value that opens every subject of the class side by side. */
export const ALL_SUBJECTS = 'all';
