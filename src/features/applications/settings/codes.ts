/** 审批设置 permission codes (contracts/menus.ts; the brief: spsz + _add / _edit / _delete). */
export const SETTINGS_PERMISSION = 'spsz';
export const SETTINGS_ADD = 'spsz_add';
export const SETTINGS_EDIT = 'spsz_edit';
export const SETTINGS_DELETE = 'spsz_delete';
