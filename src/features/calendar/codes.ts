import type * as Contract from '../../../contracts/calendar';

/**
 * The contract's permission codes (contracts/calendar.ts), restated so the route file (whose guard
 * sits in the entry chunk) never imports the contract's zod schemas. Typed as the contract's
 * literals, so a change there fails typecheck here.
 */
export const CALENDAR_PERMISSION: typeof Contract.CALENDAR_PERMISSION = 'xnxq';
export const CALENDAR_ADD_PERMISSION: typeof Contract.CALENDAR_ADD_PERMISSION = 'xnxq_add';
export const CALENDAR_EDIT_PERMISSION: typeof Contract.CALENDAR_EDIT_PERMISSION = 'xnxq_edit';
export const CALENDAR_DELETE_PERMISSION: typeof Contract.CALENDAR_DELETE_PERMISSION = 'xnxq_delete';
