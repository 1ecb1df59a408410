/**
 * The permission codes, from the zod-free contracts/calendar-rules.ts (re-exported by
 * contracts/calendar.ts): the route file's guard sits in the entry chunk, so it never imports the
 * contract's zod schemas.
 */
export { CALENDAR_ADD_PERMISSION, CALENDAR_DELETE_PERMISSION, CALENDAR_EDIT_PERMISSION, CALENDAR_PERMISSION } from '../../../contracts/calendar-rules';
