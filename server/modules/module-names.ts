// The name of each server module in people's words (用户日志's 模块 column and filter): the menu
// screen the module serves when there is one, else its own words; a kit module's screen title.
import { MENU_CATALOGUE } from '../../contracts/menus';
import type { Label } from '../../contracts/resource';
import type { ModuleEntry } from './index';

/** a module's menu (by its permission code) or, for modules no one screen stands for, its words */
const MODULE_NAMES: Record<string, string | Label> = {
  auth: { zh: '登录与会话', en: 'Sign-in and sessions' },
  permissions: { zh: '菜单与权限加载', en: 'Menus and permissions' },
  users: 'system_user',
  i18n: { zh: '语言词条', en: 'Language texts' },
  school: { zh: '学校信息', en: 'School' },
  dicts: 'system_dict',
  messages: 'messageCenter_xxzx',
  files: { zh: '文件', en: 'Files' },
  selector: { zh: '人员与组织选择', en: 'People and organisation pickers' },
  attendance: 'xskq',
  exams: 'kspc',
  calendar: 'xnxq',
  scores: 'cjlr',
  outbox: { zh: '离线同步', en: 'Offline sync' },
  applications: { zh: '申请与审批', en: 'Applications and audits' },
  surveys: 'survey_cjwj',
  applog: 'system_log',
  menus: 'system_menu',
  settings: 'system_config',
  homeCards: 'system_home_card',
  roles: 'system_role',
  orgs: 'system_org',
  openapi: { zh: '接口文档', en: 'API documentation' },
  dashboard: { zh: '首页', en: 'Home' },
  backups: { zh: '数据备份', en: 'Backups' },
  dorms: 'ssgl',
  statusChanges: 'xjyd',
  guardians: 'jtxx',
  graduations: 'bygl',
};

const menuNames = new Map(
  MENU_CATALOGUE.flatMap((directory) => directory.children.filter((menu) => !menu.hidden).map((menu) => [menu.perms[0]!, { zh: menu.menuname, en: menu.menuNameEng }] as const)),
);

/** The module's name, or undefined when it has none (the registry test asks every module for one). */
export function moduleName(name: string, entry: ModuleEntry | undefined): Label | undefined {
  if (entry?.kit) return entry.kit.definition.title;
  const declared = MODULE_NAMES[name];
  return typeof declared === 'string' ? menuNames.get(declared) : declared;
}
