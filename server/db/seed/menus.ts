import { v7 as uuidv7 } from 'uuid';
import { type CatalogueMenu, MENU_CATALOGUE } from '../../../contracts/menus';
import type { MenuRemark } from '../../../contracts/session';
import { menus, roleCategories, roleMenus, roles } from '../../modules/permissions/permissions.table';
import type { Tx } from '../client';
import { insertInChunks } from './insert';

type MenuInsert = typeof menus.$inferInsert;

/** Roles of SPEC §6 with the permission codes they are granted (admin: everything, by its code). */
export const ROLE_DEFINITIONS: readonly { code: string; name: string; nameEn: string; grants: 'all' | readonly string[] }[] = [
  { code: 'admin', name: '管理员', nameEn: 'Administrator', grants: 'all' },
  {
    code: 'teacher',
    name: '教师',
    nameEn: 'Teacher',
    grants: [
      'xsxx', 'kbcx', 'kspc', 'cjlr', 'cjlr_submit', 'cjlr_import', 'cjlr_export', 'kcgl', 'jyz', 'jxjh', 'jxzy', 'jxzy_add',
      'xxksb', 'xxksb_add', 'xxksb_edit', 'xxksb_submit', 'tksq', 'tksq_add', 'xl', 'csyy', 'csyy_add', 'sysyy', 'sysyy_add',
      'jskq', 'jskq_add', 'xskq', 'xskq_add', 'messageCenter_xxzx', 'survey_cjwj', 'survey_cjwj_add', 'survey_cjwj_edit', 'survey_cjwj_delete',
      'survey_wjdt', 'tzgg', 'zybz', 'zybz_add', 'zybz_publish', 'yjfk', 'yjfk_add',
    ],
  },
  {
    code: 'banzhuren',
    name: '班主任',
    nameEn: 'Head teacher',
    grants: [
      'xsxx', 'xsxx_edit', 'xsxx_export', 'bjgl', 'jtxx', 'jtxx_edit', 'jtxx_export', 'xjyd', 'xjyd_add', 'qjgl', 'qjgl_audit', 'xskq', 'xskq_add',
      'cxsq', 'cxsq_audit', 'zdsq', 'zdsq_audit', 'zdzm', 'zdzm_audit', 'cjzm', 'cjzm_audit', 'kqsp', 'kqsp_audit', 'sjpj', 'sjpj_add', 'qmpj', 'qmpj_add', 'cpgl_cppjhz_index', 'hjgl', 'hjgl_add',
      'hdgl', 'hdgl_add', 'jzjt', 'tzgg', 'tzgg_add', 'czda', 'czda_add', 'messageCenter_xxzx',
    ],
  },
  {
    code: 'grade_leader',
    name: '年级组长',
    nameEn: 'Grade leader',
    grants: [
      'xsxx', 'xsxx_export', 'bjgl', 'kbcx', 'kspc', 'cjlr', 'cjlr_export', 'tksq', 'tksq_audit', 'qjgl', 'qjgl_audit', 'zdsq', 'zdsq_audit', 'xskq', 'sjpj',
      'qmpj', 'cpgl_cppjhz_index', 'hdgl', 'hdgl_add', 'hdgl_publish', 'tzgg', 'tzgg_add', 'tzgg_publish', 'ydkh', 'messageCenter_xxzx',
    ],
  },
  {
    code: 'student',
    name: '学生',
    nameEn: 'Student',
    grants: [
      'messageCenter_xxzx', 'survey_wjdt', 'qjgl', 'qjgl_add', 'cxsq', 'cxsq_add', 'zdsq', 'zdsq_add', 'kbcx', 'wdcj', 'zdzm', 'zdzm_add', 'cjzm',
      'cjzm_add', 'hjgl', 'hdgl', 'stgl',
      'zybz', 'yjfk', 'yjfk_add',
    ],
  },
  {
    code: 'parent',
    name: '家长',
    nameEn: 'Parent',
    grants: [
      'messageCenter_xxzx', 'survey_wjdt', 'qjgl', 'qjgl_add', 'cxsq', 'cxsq_add', 'zdsq', 'zdsq_add', 'zdzm', 'zdzm_add', 'cjzm', 'cjzm_add', 'kbcx',
      'wdcj', 'jzjt', 'zybz', 'tzgg', 'czda', 'yjfk', 'yjfk_add',
    ],
  },
  {
    code: 'department_head',
    name: '处室主任',
    nameEn: 'Division director',
    // no jskq_export: a department head sees their own department's monthly summary (by the duty), not every department's
    grants: ['jzgxx', 'jskq', 'jskq_add', 'kqsp', 'kqsp_audit', 'messageCenter_xxzx'],
  },
  {
    code: 'teaching_office',
    name: '教务处',
    nameEn: 'Teaching office',
    grants: [
      'xsxx', 'bjgl', 'qjgl', 'qjgl_audit', 'qjgl_export', 'zdzm', 'zdzm_audit', 'cjzm', 'cjzm_audit', 'jskq', 'jskq_export', 'kqsp', 'kqsp_audit',
      'xjyd', 'xjyd_audit', 'xjyd_export', 'messageCenter_xxzx',
    ],
  },
];

const remarkOf = (menuNameEng: string, extra: Partial<MenuRemark> = {}): MenuRemark => ({
  menuNameEng,
  cdwz: 'left',
  sfswsy: '0',
  sfzdy: '0',
  zdycs: '',
  ...extra,
});

function menuRow(tenantId: string, parentId: string, child: CatalogueMenu, sort: number): MenuInsert {
  return {
    tenantId,
    id: uuidv7(),
    parentId,
    type: 'menu',
    menuname: child.menuname,
    menuurl: child.menuurl,
    icon: child.icon ?? '',
    remark: remarkOf(child.menuNameEng, {
      sfswsy: child.homeShortcut ? '1' : '0',
      ...(child.customParam ? { sfzdy: '1', zdycs: child.customParam } : {}),
    }),
    sort,
    hidden: child.hidden ?? false,
    perms: child.perms,
  };
}

/** The whole catalogue as menu rows of one tenant: directories, menus, buttons (sort steps of 10). */
export function catalogueRows(tenantId: string): MenuInsert[] {
  const rows: MenuInsert[] = [];
  MENU_CATALOGUE.forEach((directory, directoryIndex) => {
    const directoryId = uuidv7();
    rows.push({
      tenantId,
      id: directoryId,
      parentId: null,
      type: 'directory',
      menuname: directory.menuname,
      menuurl: '',
      icon: directory.icon,
      remark: remarkOf(directory.menuNameEng, { cdwz: directory.placement ?? 'left' }),
      sort: (directoryIndex + 1) * 10,
      alwaysShow: directory.alwaysShow ?? false,
      perms: [directory.code],
    });
    directory.children.forEach((child, childIndex) => {
      const row = menuRow(tenantId, directoryId, child, (childIndex + 1) * 10);
      rows.push(row);
      (child.buttons ?? []).forEach((button, buttonIndex) =>
        rows.push({
          tenantId,
          id: uuidv7(),
          parentId: row.id,
          type: 'button',
          menuname: button.menuname,
          icon: '',
          remark: remarkOf(button.menuNameEng),
          sort: (buttonIndex + 1) * 10,
          perms: [button.code],
        }),
      );
    });
  });
  return rows;
}

/** Seeds the menus and the six roles of a tenant; returns role ids by code. */
export async function seedMenusAndRoles(tx: Tx, tenantId: string): Promise<Map<string, string>> {
  const menuRows = catalogueRows(tenantId);
  await insertInChunks(tx, menus, menuRows);

  // 角色类型: the one category every seeded role belongs to (roles.business_system 'xiaowu')
  await tx.insert(roleCategories).values({ tenantId, id: uuidv7(), code: 'xiaowu', name: '校务系统', nameEn: 'Xiaowu', sort: 10 });
  const roleIds = new Map(ROLE_DEFINITIONS.map((role) => [role.code, uuidv7()]));
  await tx.insert(roles).values(
    ROLE_DEFINITIONS.map((role, index) => ({
      tenantId,
      id: roleIds.get(role.code)!,
      code: role.code,
      name: role.name,
      nameEn: role.nameEn,
      sort: (index + 1) * 10,
    })),
  );

  const byId = new Map(menuRows.map((row) => [row.id, row]));
  const grantRows: (typeof roleMenus.$inferInsert)[] = [];
  for (const role of ROLE_DEFINITIONS) {
    if (role.grants === 'all') continue; // admin: every menu, by role code (PermissionsService)
    const codes = new Set(role.grants);
    const granted = new Set<string>();
    for (const row of menuRows) {
      if (!row.perms?.some((code) => codes.has(code))) continue;
      // grant the row and the directories above it
      for (let current: MenuInsert | undefined = row; current; current = current.parentId ? byId.get(current.parentId) : undefined) {
        granted.add(current.id);
      }
    }
    for (const menuId of granted) grantRows.push({ tenantId, roleId: roleIds.get(role.code)!, menuId });
  }
  await insertInChunks(tx, roleMenus, grantRows);
  return roleIds;
}
