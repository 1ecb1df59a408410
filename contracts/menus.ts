/**
 * The menu catalogue: every screen the server seeds as a menu, grouped by the functional areas of
 * SPEC §1, with its route path (menuurl), permission code and button codes. The server seeds its
 * `menus` table from this; the client can map a menu URL to its area (and show a placeholder screen
 * for areas not built yet); tests use it to check routes and permissions.
 */

export const MENU_AREAS = [
  'students',
  'teaching',
  'calendar',
  'staff',
  'studentAffairs',
  'communication',
  'admissions',
  'operations',
  'system',
] as const;
export type MenuArea = (typeof MENU_AREAS)[number];

export interface CatalogueButton {
  /** permission code, e.g. xsxx_add */
  code: string;
  menuname: string;
  menuNameEng: string;
}

export interface CatalogueMenu {
  menuname: string;
  menuNameEng: string;
  /** route path of the screen */
  menuurl: string;
  /** permission codes the route demands (any-of); granting the menu grants them */
  perms: string[];
  icon?: string;
  buttons?: CatalogueButton[];
  hidden?: boolean;
  /** remark.sfswsy '1': home-page shortcut */
  homeShortcut?: boolean;
  /** remark.sfzdy '1' with remark.zdycs: custom preview page with a parameter */
  customParam?: string;
}

export interface CatalogueDirectory {
  area: MenuArea;
  menuname: string;
  menuNameEng: string;
  /** the directory's own permission code */
  code: string;
  icon: string;
  /** remark.cdwz: 'top' places it in the top bar */
  placement?: 'top' | 'left';
  alwaysShow?: boolean;
  children: CatalogueMenu[];
}

type ButtonKind = 'add' | 'edit' | 'delete' | 'import' | 'export' | 'audit' | 'publish' | 'submit' | 'manage';
/** the generic buttons' names (a button named otherwise, e.g. 重置密码, names one operation of its screen) */
export const BUTTON_NAMES: Record<ButtonKind, [string, string]> = {
  add: ['新增', 'Add'],
  edit: ['编辑', 'Edit'],
  delete: ['删除', 'Delete'],
  import: ['导入', 'Import'],
  export: ['导出', 'Export'],
  audit: ['审核', 'Audit'],
  publish: ['发布', 'Publish'],
  submit: ['提交', 'Submit'],
  manage: ['管理', 'Manage'],
};

/** Button codes are `<menu code>_<kind>`, e.g. xsxx_add. */
const buttons = (code: string, ...kinds: ButtonKind[]): CatalogueButton[] =>
  kinds.map((kind) => ({ code: `${code}_${kind}`, menuname: BUTTON_NAMES[kind][0], menuNameEng: BUTTON_NAMES[kind][1] }));

const crud = (code: string, ...extra: ButtonKind[]) => buttons(code, 'add', 'edit', 'delete', ...extra);

const menu = (menuname: string, menuNameEng: string, menuurl: string, code: string, options: Partial<CatalogueMenu> = {}): CatalogueMenu => ({
  menuname,
  menuNameEng,
  menuurl,
  perms: [code],
  ...options,
});

export const MENU_CATALOGUE: readonly CatalogueDirectory[] = [
  {
    area: 'students',
    menuname: '学生与班级',
    menuNameEng: 'Students and classes',
    code: 'jcsj',
    icon: 'user',
    children: [
      menu('学生信息', 'Student information', '/jcsj/xsxx', 'xsxx', { icon: 'user', homeShortcut: true, buttons: crud('xsxx', 'import', 'export') }),
      menu('班级管理', 'Class management', '/jcsj/bjgl', 'bjgl', { icon: 'peoples', buttons: crud('bjgl', 'export') }),
      menu('家庭信息', 'Family information', '/jcsj/jtxx', 'jtxx', { icon: 'tree', buttons: buttons('jtxx', 'edit', 'export') }),
      menu('课表查询', 'Timetables', '/jcsj/kbcx', 'kbcx', { icon: 'date', buttons: buttons('kbcx', 'export') }),
      menu('学籍异动', 'Student status changes', '/xjgl/xjyd', 'xjyd', { icon: 'edit', buttons: buttons('xjyd', 'add', 'audit', 'export') }),
      menu('毕业管理', 'Graduation', '/xjgl/bygl', 'bygl', { icon: 'education', buttons: buttons('bygl', 'add', 'export') }),
      menu('宿舍管理', 'Dormitories', '/ssgl/sssz', 'ssgl', { icon: 'build', buttons: crud('ssgl') }),
    ],
  },
  {
    area: 'teaching',
    menuname: '教学管理',
    menuNameEng: 'Teaching',
    code: 'jxgl',
    icon: 'education',
    children: [
      menu('考试批次', 'Exam batches', '/jxgl/kspc', 'kspc', { icon: 'list', buttons: crud('kspc', 'publish') }),
      menu('成绩录入', 'Score entry', '/jxgl/cjlr', 'cjlr', { icon: 'edit', homeShortcut: true, buttons: buttons('cjlr', 'submit', 'import', 'export', 'manage') }),
      menu('我的成绩', 'My scores', '/jxgl/wdcj', 'wdcj', { icon: 'chart' }),
      menu('成绩体系', 'Score systems', '/jxgl/cjtx', 'cjtx', { icon: 'chart', buttons: crud('cjtx') }),
      menu('教研组', 'Teaching and research groups', '/jxgl/jyz', 'jyz', { icon: 'peoples', buttons: crud('jyz') }),
      menu('课程管理', 'Courses', '/jxgl/kcgl', 'kcgl', { icon: 'documentation', buttons: crud('kcgl', 'import') }),
      menu('专业管理', 'Majors', '/jxgl/zygl', 'zygl', { icon: 'tree-table', buttons: crud('zygl') }),
      menu('教学计划', 'Teaching plans', '/jcsj/jxjh', 'jxjh', { icon: 'form', buttons: crud('jxjh') }),
      menu('教学资源', 'Teaching resources', '/jcsj/jxzy', 'jxzy', { icon: 'zip', buttons: buttons('jxzy', 'add', 'delete') }),
      menu('选修课申报', 'Elective course declaration', '/xxk/xxksb', 'xxksb', { icon: 'form', buttons: buttons('xxksb', 'add', 'edit', 'submit') }),
      menu('选修课审批', 'Elective course approval', '/xxk/xxksp', 'xxksp', { icon: 'checkbox', buttons: buttons('xxksp', 'audit') }),
      menu('选课管理', 'Course selection', '/xxk/xkgl', 'xkgl', { icon: 'list', buttons: buttons('xkgl', 'add', 'export') }),
      menu('选课评价', 'Elective evaluation', '/xxk/xkpj', 'xkpj', { icon: 'star', buttons: buttons('xkpj', 'export') }),
      menu('选科走班', 'Elective-subject streaming', '/xkzb/fzgl', 'xkzb', { icon: 'guide', buttons: buttons('xkzb', 'add', 'edit') }),
      menu('调课申请', 'Timetable change requests', '/tkgl/tksq', 'tksq', { icon: 'time', buttons: buttons('tksq', 'add', 'audit', 'export') }),
    ],
  },
  {
    area: 'calendar',
    menuname: '校历与场地',
    menuNameEng: 'Calendar and places',
    code: 'xlcd',
    icon: 'date-range',
    children: [
      menu('学年学期', 'School years and semesters', '/xlcd/xnxq', 'xnxq', { icon: 'date', buttons: crud('xnxq') }),
      menu('校历', 'School calendar', '/xlcd/xl', 'xl', { icon: 'date-range' }),
      menu('校区管理', 'Campuses', '/jcsj/xqgl', 'xqgl', { icon: 'international', buttons: crud('xqgl', 'import', 'export') }),
      menu('教学楼管理', 'Teaching buildings', '/xlcd/jxlgl', 'jxlgl', { icon: 'build', buttons: crud('jxlgl', 'import', 'export') }),
      menu('教室管理', 'Classrooms', '/xlcd/jsgl', 'jsgl', { icon: 'table', buttons: crud('jsgl', 'import', 'export') }),
      menu('场室预约', 'Room booking', '/xlcd/csyy', 'csyy', { icon: 'time-range', buttons: buttons('csyy', 'add', 'audit') }),
      menu('实验室预约', 'Laboratory booking', '/xlcd/sysyy', 'sysyy', { icon: 'bug', buttons: buttons('sysyy', 'add', 'audit') }),
    ],
  },
  {
    area: 'staff',
    menuname: '教职工管理',
    menuNameEng: 'Staff',
    code: 'jzg',
    icon: 'people',
    children: [
      menu('教职工信息', 'Staff records', '/jzg/jzgxx', 'jzgxx', {
        icon: 'people',
        buttons: [...crud('jzgxx', 'import', 'export'), { code: 'jzgxx_init', menuname: '初始化账号', menuNameEng: 'Initialise accounts' }],
      }),
      menu('月度考核', 'Monthly assessment', '/jzg/ydkh', 'ydkh', { icon: 'chart', buttons: buttons('ydkh', 'add', 'publish', 'export') }),
      menu('学期考核', 'Semester assessment', '/jzg/xqkh', 'xqkh', { icon: 'chart', buttons: buttons('xqkh', 'add', 'publish', 'export') }),
      menu('教师考勤', 'Teacher attendance', '/jzg/jskq', 'jskq', { icon: 'time', buttons: buttons('jskq', 'add', 'export') }),
      menu('考勤审批', 'Attendance approval', '/jzg/kqsp', 'kqsp', { icon: 'checkbox', buttons: buttons('kqsp', 'audit') }),
    ],
  },
  {
    area: 'studentAffairs',
    menuname: '学生事务',
    menuNameEng: 'Student affairs',
    code: 'xssw',
    icon: 'skill',
    children: [
      menu('请假管理', 'Leave', '/xssw/qjgl', 'qjgl', { icon: 'form', homeShortcut: true, buttons: buttons('qjgl', 'add', 'audit', 'export') }),
      menu('学生考勤', 'Student attendance', '/xssw/xskq', 'xskq', { icon: 'time', buttons: buttons('xskq', 'add', 'export', 'manage') }),
      menu('出行申请', 'Travel applications', '/xssw/cxsq', 'cxsq', { icon: 'guide', buttons: buttons('cxsq', 'add', 'audit') }),
      menu('走读申请', 'Day-student applications', '/xssw/zdsq', 'zdsq', { icon: 'guide', buttons: buttons('zdsq', 'add', 'audit') }),
      menu('在读证明', 'Enrolment proofs', '/xssw/zdzm', 'zdzm', { icon: 'documentation', buttons: buttons('zdzm', 'add', 'audit') }),
      menu('成绩证明', 'Score proofs', '/xssw/cjzm', 'cjzm', { icon: 'documentation', buttons: buttons('cjzm', 'add', 'audit') }),
      menu('审批设置', 'Audit settings', '/xssw/spsz', 'spsz', { icon: 'tree', buttons: crud('spsz') }),
      menu('三级评价', 'Three-level evaluation', '/xssw/sjpj', 'sjpj', { icon: 'star', buttons: buttons('sjpj', 'add', 'export') }),
      menu('期末评价', 'End-of-term evaluation', '/xssw/qmpj', 'qmpj', { icon: 'star', buttons: buttons('qmpj', 'add', 'export') }),
      menu('评价记录', 'Evaluation records', '/cpgl/cppjhz/pjjl', 'cpgl_cppjhz_index', { icon: 'list', buttons: buttons('cpgl_cppjhz', 'export') }),
      menu('获奖管理', 'Awards', '/xssw/hjgl', 'hjgl', { icon: 'star', buttons: buttons('hjgl', 'add', 'publish', 'delete') }),
      menu('活动管理', 'Activities', '/xssw/hdgl', 'hdgl', { icon: 'example', buttons: buttons('hdgl', 'add', 'publish', 'delete') }),
      menu('家长讲堂', 'Parent lectures', '/xssw/jzjt', 'jzjt', { icon: 'message', buttons: buttons('jzjt', 'add', 'publish') }),
      menu('学生会', 'Student union', '/xssw/xsh', 'xsh', { icon: 'peoples', buttons: crud('xsh') }),
      menu('社团管理', 'Clubs', '/xssw/stgl', 'stgl', { icon: 'peoples', buttons: crud('stgl') }),
      menu('团委工作', 'Youth league', '/xssw/tw', 'tw', { icon: 'flag', buttons: crud('tw') }),
    ],
  },
  {
    area: 'communication',
    menuname: '消息',
    menuNameEng: 'Messages',
    code: 'xx',
    icon: 'message',
    placement: 'top',
    children: [menu('消息中心', 'Message centre', '/messageCenter/xxzx', 'messageCenter_xxzx', { icon: 'message', homeShortcut: true })],
  },
  {
    area: 'communication',
    menuname: '沟通交流',
    menuNameEng: 'Communication',
    code: 'gtjl',
    icon: 'wechat',
    children: [
      menu('问卷管理', 'Questionnaires', '/survey/cjwj', 'survey_cjwj', { icon: 'form', buttons: buttons('survey_cjwj', 'add', 'edit', 'delete', 'publish') }),
      menu('问卷预览', 'Questionnaire preview', '/survey/cjwj/perviewWJ', 'survey_cjwj', { icon: 'eye-open', hidden: true }),
      menu('编辑问卷', 'Edit questionnaire', '/survey/cjwj/bjwj', 'survey_cjwj', { icon: 'edit', hidden: true }),
      menu('问卷统计', 'Questionnaire results', '/survey/cjwj/tjfx', 'survey_cjwj', { icon: 'chart', hidden: true }),
      menu('问卷填报', 'Answer questionnaires', '/survey/wjdt', 'survey_wjdt', { icon: 'edit' }),
      menu('通知公告', 'Notices', '/gtjl/tzgg', 'tzgg', { icon: 'message', buttons: buttons('tzgg', 'add', 'publish', 'delete') }),
      menu('作业布置', 'Homework', '/gtjl/zybz', 'zybz', { icon: 'documentation', buttons: buttons('zybz', 'add', 'publish', 'delete') }),
      menu('意见反馈', 'Feedback', '/gtjl/yjfk', 'yjfk', { icon: 'email', buttons: buttons('yjfk', 'add', 'audit') }),
    ],
  },
  {
    area: 'communication',
    menuname: '家长问卷',
    menuNameEng: 'Parent questionnaires',
    code: 'jzwj',
    icon: 'question',
    // its only child is hidden: alwaysShow keeps the directory in the sidebar (SPEC §2 shell rule)
    alwaysShow: true,
    children: [menu('题目配置', 'Question settings', '/pztm/pztm', 'jzwj_wjsz', { icon: 'edit', hidden: true })],
  },
  {
    area: 'admissions',
    menuname: '招生管理',
    menuNameEng: 'Admissions',
    code: 'zsgl_root',
    icon: 'guide',
    children: [
      menu('学生报名', 'Enrolment registration', '/zsgl/xsbm', 'zsgl', { icon: 'form', buttons: buttons('zsgl', 'audit', 'export') }),
      menu('招生简章', 'Recruitment brochures', '/zsgl/zsjz', 'zsgl_zsjz', { icon: 'documentation', buttons: crud('zsgl_zsjz', 'publish') }),
      menu('评分标准', 'Scoring standards', '/zsgl/pfbz', 'zsgl_pfbz', { icon: 'star', buttons: crud('zsgl_pfbz') }),
      menu('资源库', 'Resource library', '/zsgl/zyk', 'zsgl_zyk', { icon: 'zip', buttons: buttons('zsgl_zyk', 'add', 'delete') }),
      menu('现场报名', 'On-site registration', '/zsgl/xcbm', 'zsgl_xcbm', { icon: 'peoples', buttons: buttons('zsgl_xcbm', 'add', 'export') }),
      menu('短信发送记录', 'SMS send records', '/zsgl/dxjl', 'zsgl_dxjl', { icon: 'email', buttons: buttons('zsgl_dxjl', 'export') }),
      menu('招生计划管理', 'Admission plans', '/jyzc/zjhgl/index', 'jyzc', { icon: 'list' }),
      menu('计划统计', 'Plan statistics', '/jyzc/jhtj/index', 'jyzc', { icon: 'chart' }),
      menu('计划统计预览', 'Plan statistics preview', '/jyzc/jhtj/jzyl', 'jyzc', { icon: 'eye-open' }),
    ],
  },
  {
    area: 'operations',
    menuname: '幼儿园与后勤',
    menuNameEng: 'Kindergarten and operations',
    code: 'hqgl',
    icon: 'shopping',
    children: [
      menu('物品管理', 'Goods', '/hqgl/wpgl', 'wpgl', { icon: 'shopping', buttons: crud('wpgl', 'import', 'export') }),
      menu('资产管理', 'Assets', '/hqgl/zcgl', 'zcgl', { icon: 'money', buttons: crud('zcgl', 'export') }),
      menu('访客管理', 'Visitors', '/wlry/fkgl', 'wlryjcx_fkgl', { icon: 'peoples', buttons: buttons('wlryjcx_fkgl', 'add', 'audit', 'export') }),
      menu('二维码记录', 'QR-code records', '/ewmrz', 'wlryjcx_ewmgl', { icon: 'code' }),
      menu('人脸识别', 'Face recognition', '/hqgl/rlsb', 'rlsb', { icon: 'eye-open', buttons: buttons('rlsb', 'add', 'delete') }),
      menu('成长档案', 'Growth records', '/yey/czda', 'czda', { icon: 'education', buttons: buttons('czda', 'add', 'edit', 'export') }),
      menu('设备监控', 'Device monitoring', '/hqgl/sbjk', 'sbjk', { icon: 'monitor' }),
      menu('印章管理', 'Seal management', '/hqgl/yzgl', 'yzgl', { icon: 'lock', buttons: buttons('yzgl', 'add', 'audit') }),
    ],
  },
  {
    area: 'system',
    menuname: '系统管理',
    menuNameEng: 'System',
    code: 'system',
    icon: 'system',
    children: [
      menu('菜单管理', 'Menus', '/system/menu', 'system_menu', { icon: 'tree-table', buttons: crud('system_menu') }),
      menu('角色管理', 'Roles', '/system/role', 'system_role', { icon: 'peoples', buttons: crud('system_role') }),
      menu('角色类型', 'Role types', '/system/jslx', 'system_role_type', { icon: 'list', buttons: crud('system_role_type') }),
      menu('用户管理', 'Users', '/system/user', 'system_user', {
        icon: 'user',
        buttons: [
          ...crud('system_user', 'import', 'export'),
          { code: 'system_user_reset_pwd', menuname: '重置密码', menuNameEng: 'Reset password' },
          { code: 'system_user_init', menuname: '初始化账号', menuNameEng: 'Initialise accounts' },
        ],
      }),
      menu('组织机构', 'Organisations', '/system/org', 'system_org', { icon: 'tree', buttons: crud('system_org') }),
      menu('数据字典', 'Dictionaries', '/system/dict', 'system_dict', { icon: 'dict', buttons: crud('system_dict', 'export') }),
      menu('用户日志', 'User logs', '/system/log', 'system_log', { icon: 'log', buttons: buttons('system_log', 'export') }),
      menu('首页卡片', 'Home-page cards', '/system/sykp', 'system_home_card', { icon: 'dashboard', buttons: buttons('system_home_card', 'edit') }),
      menu('系统配置', 'System configuration', '/system/xtpz', 'system_config', { icon: 'edit', buttons: buttons('system_config', 'edit') }),
      menu('AI提示词管理', 'AI prompts', '/system/aitsc', 'system_ai_prompt', { icon: 'documentation', buttons: crud('system_ai_prompt') }),
      menu('APK版本管理', 'APK versions', '/system/apk', 'system_apk', { icon: 'zip', buttons: crud('system_apk', 'publish') }),
      menu('自定义报表', 'Custom report', '/system/zdybb', 'system_custom_report', { icon: 'chart', customParam: 'attendance-weekly' }),
      menu('缺失页面示例', 'Missing screen demo', '/demo/missing-screen', 'demo_missing_screen', { icon: 'bug' }),
    ],
  },
];

export interface CatalogueRoute {
  area: MenuArea;
  menuurl: string;
  menuname: string;
  menuNameEng: string;
  perms: string[];
  hidden: boolean;
}

/** Every screen route of the catalogue with its area (directories excluded). */
export const catalogueRoutes = (): CatalogueRoute[] =>
  MENU_CATALOGUE.flatMap((directory) =>
    directory.children.map((child) => ({
      area: directory.area,
      menuurl: child.menuurl,
      menuname: child.menuname,
      menuNameEng: child.menuNameEng,
      perms: child.perms,
      hidden: child.hidden ?? false,
    })),
  );

/** Every permission code the catalogue defines: directories, menus and buttons. */
export const cataloguePermissionCodes = (): string[] => [
  ...new Set(
    MENU_CATALOGUE.flatMap((directory) => [
      directory.code,
      ...directory.children.flatMap((child) => [...child.perms, ...(child.buttons ?? []).map((button) => button.code)]),
    ]),
  ),
];
