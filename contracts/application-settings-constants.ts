// 审批设置 (menu /xssw/spsz, contracts/menus.ts crud('spsz')) permission codes without zod: the route
// file's guard and the settings screens (the /login entry chunk's reach) and the server use these.

export const SETTINGS_PERMISSION = 'spsz';
export const SETTINGS_ADD = 'spsz_add';
export const SETTINGS_EDIT = 'spsz_edit';
export const SETTINGS_DELETE = 'spsz_delete';
