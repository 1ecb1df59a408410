// 菜单管理 (/system/menu) rules without zod: the drawer form shows them as typed, the server refuses
// the same input with the same words (server/i18n/messages.ts, keys = the issue codes below).

export const MENUS_PERMISSION = 'system_menu';
export const MENUS_ADD_PERMISSION = 'system_menu_add';
export const MENUS_EDIT_PERMISSION = 'system_menu_edit';
export const MENUS_DELETE_PERMISSION = 'system_menu_delete';

/**
 * The seeded 系统管理 rows an administrator needs to reach 菜单管理 and 角色管理 again: the system
 * directory, 菜单管理 and 角色管理 with their buttons. A row carrying one of these codes cannot be
 * deleted, moved under another parent, hidden, given another type or address, or lose the code, so
 * no edit through 菜单管理 locks the school's administrators out. The server refuses it; the screen
 * greys it out.
 */
export const PROTECTED_MENU_CODES: ReadonlySet<string> = new Set([
  'system',
  MENUS_PERMISSION,
  MENUS_ADD_PERMISSION,
  MENUS_EDIT_PERMISSION,
  MENUS_DELETE_PERMISSION,
  'system_role',
  'system_role_add',
  'system_role_edit',
  'system_role_delete',
]);

/** The protected codes a row carries (none: an ordinary row). */
export const protectedMenuCodes = (perms: readonly string[]): string[] => perms.filter((code) => PROTECTED_MENU_CODES.has(code));

export const MENU_KINDS = ['directory', 'menu', 'button'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

export const MENU_NAME_MAX = 50;
export const MENU_NAME_EN_MAX = 100;
export const MENU_URL_MAX = 200;
export const MENU_ICON_MAX = 40;
export const MENU_SORT_MAX = 9999;
export const MENU_PERM_MAX = 64;
export const MENU_PERMS_MAX = 20;
export const MENU_PARAM_MAX = 200;
/** a route address: '/', then letters, digits, '_', '-', '/' */
export const MENU_URL_PATTERN = /^\/[A-Za-z0-9_\-/]*$/;
/** a permission value */
export const MENU_PERM_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** an icon name (the form offers the names components/NamedIcon.tsx draws) */
export const MENU_ICON_PATTERN = /^[a-z0-9-]*$/;

/** The fields a save checks (the form's values, the request's body). */
export interface MenuFields {
  type: MenuKind;
  menuname: string;
  menuNameEng: string;
  menuurl: string;
  icon: string;
  sort: number;
  perms: readonly string[];
  sfzdy: '1' | '0';
  zdycs: string;
}

export type MenuField = 'menuname' | 'menuNameEng' | 'menuurl' | 'icon' | 'sort' | 'perms' | 'zdycs' | 'parentId';

export type MenuIssueCode =
  | 'menusNameRequired'
  | 'menusNameTooLong'
  | 'menusNameEnTooLong'
  | 'menusUrlRequired'
  | 'menusUrlInvalid'
  | 'menusButtonNoUrl'
  | 'menusIconInvalid'
  | 'menusSortRange'
  | 'menusPermInvalid'
  | 'menusPermsTooMany'
  | 'menusButtonPermRequired'
  | 'menusParamRequired'
  | 'menusParamTooLong'
  | 'menusButtonUnderMenu'
  | 'menusNotUnderButton'
  | 'menusCycle';

export interface MenuIssue {
  field: MenuField;
  code: MenuIssueCode;
  params?: Record<string, string | number>;
}

const length = (text: string) => [...text].length;

/** What is wrong with a menu's own fields, field by field ([] when fine). */
export function menuIssues(menu: MenuFields): MenuIssue[] {
  const issues: MenuIssue[] = [];
  if (menu.menuname.trim() === '') issues.push({ field: 'menuname', code: 'menusNameRequired' });
  else if (length(menu.menuname) > MENU_NAME_MAX) issues.push({ field: 'menuname', code: 'menusNameTooLong', params: { max: MENU_NAME_MAX } });
  if (length(menu.menuNameEng) > MENU_NAME_EN_MAX) issues.push({ field: 'menuNameEng', code: 'menusNameEnTooLong', params: { max: MENU_NAME_EN_MAX } });
  const url = menu.menuurl.trim();
  if (menu.type === 'button') {
    if (url !== '') issues.push({ field: 'menuurl', code: 'menusButtonNoUrl' });
  } else if (url === '') {
    if (menu.type === 'menu') issues.push({ field: 'menuurl', code: 'menusUrlRequired' });
  } else if (url.length > MENU_URL_MAX || !MENU_URL_PATTERN.test(url)) issues.push({ field: 'menuurl', code: 'menusUrlInvalid', params: { max: MENU_URL_MAX } });
  if (menu.icon.length > MENU_ICON_MAX || !MENU_ICON_PATTERN.test(menu.icon)) issues.push({ field: 'icon', code: 'menusIconInvalid' });
  if (!Number.isInteger(menu.sort) || menu.sort < 0 || menu.sort > MENU_SORT_MAX) issues.push({ field: 'sort', code: 'menusSortRange', params: { max: MENU_SORT_MAX } });
  const bad = menu.perms.find((perm) => perm.length > MENU_PERM_MAX || !MENU_PERM_PATTERN.test(perm));
  if (bad !== undefined) issues.push({ field: 'perms', code: 'menusPermInvalid', params: { value: bad } });
  else if (menu.perms.length > MENU_PERMS_MAX) issues.push({ field: 'perms', code: 'menusPermsTooMany', params: { max: MENU_PERMS_MAX } });
  else if (menu.type === 'button' && menu.perms.length === 0) issues.push({ field: 'perms', code: 'menusButtonPermRequired' });
  if (menu.sfzdy === '1' && menu.zdycs.trim() === '') issues.push({ field: 'zdycs', code: 'menusParamRequired' });
  else if (length(menu.zdycs) > MENU_PARAM_MAX) issues.push({ field: 'zdycs', code: 'menusParamTooLong', params: { max: MENU_PARAM_MAX } });
  return issues;
}

/** Where a kind may sit: buttons only under menus; directories and menus never under buttons. null when allowed. */
export function menuPlacementIssue(kind: MenuKind, parentKind: MenuKind | null): MenuIssueCode | null {
  if (kind === 'button') return parentKind === 'menu' ? null : 'menusButtonUnderMenu';
  return parentKind === 'button' ? 'menusNotUnderButton' : null;
}

/** A permission-values text as typed (commas, spaces or new lines between values) → the values, trimmed, de-duplicated. */
export const parsePerms = (text: string): string[] => [...new Set(text.split(/[\s,，]+/).filter(Boolean))];

/** The issue texts (zh / en, `{param}` placeholders): the server's messages and the form's, word for word. */
export const MENU_ISSUE_TEXT: Record<MenuIssueCode, { zh: string; en: string }> = {
  menusNameRequired: { zh: '请输入菜单名称', en: 'Enter the menu name' },
  menusNameTooLong: { zh: '菜单名称不能超过{max}个字符', en: 'The menu name may have at most {max} characters' },
  menusNameEnTooLong: { zh: '英文名称不能超过{max}个字符', en: 'The English name may have at most {max} characters' },
  menusUrlRequired: { zh: '请输入路由地址', en: 'Enter the route address' },
  menusUrlInvalid: {
    zh: '路由地址须以/开头，只能包含字母、数字、下划线、短横线和/，不超过{max}个字符',
    en: 'The route address must start with / and contain only letters, digits, _, - and /, at most {max} characters',
  },
  menusButtonNoUrl: { zh: '按钮没有路由地址', en: 'A button has no route address' },
  menusIconInvalid: { zh: '请从列表中选择图标', en: 'Choose an icon from the list' },
  menusSortRange: { zh: '排序须为0到{max}之间的整数', en: 'The sort must be a whole number from 0 to {max}' },
  menusPermInvalid: {
    zh: '权限值“{value}”无效：须以字母开头，只能包含字母、数字和下划线',
    en: 'The permission value "{value}" is invalid: it must start with a letter and contain only letters, digits and _',
  },
  menusPermsTooMany: { zh: '权限值最多{max}个', en: 'At most {max} permission values' },
  menusButtonPermRequired: { zh: '按钮须有权限值', en: 'A button needs a permission value' },
  menusParamRequired: { zh: '自定义页面须填写自定义参数', en: 'A custom page needs its custom parameter' },
  menusParamTooLong: { zh: '自定义参数不能超过{max}个字符', en: 'The custom parameter may have at most {max} characters' },
  menusButtonUnderMenu: { zh: '按钮只能放在菜单下', en: 'A button can only be placed under a menu' },
  menusNotUnderButton: { zh: '目录和菜单不能放在按钮下', en: 'Directories and menus cannot be placed under a button' },
  menusCycle: { zh: '不能移到自身或其下级之下', en: 'A menu cannot be moved under itself or its own descendants' },
};

/** An issue's text in a language, its placeholders filled. */
export const menuIssueText = (issue: { code: MenuIssueCode; params?: Record<string, string | number> }, lang: 'zh' | 'en'): string =>
  MENU_ISSUE_TEXT[issue.code][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(issue.params?.[name] ?? ''));
