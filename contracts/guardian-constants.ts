// 家庭信息 (/jcsj/jtxx) constants only: the route file imports them without the rules.
export const GUARDIANS_PERMISSION = 'jtxx';
export const GUARDIANS_EDIT_PERMISSION = 'jtxx_edit';
export const GUARDIANS_EXPORT_PERMISSION = 'jtxx_export';
