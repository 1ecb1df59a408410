import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import type {
  RoleCategoriesData,
  RoleCategoryRow,
  RoleCategorySaveRequest,
  RoleFilterCatalog,
  RoleFilterKind,
  RoleFilterProblem,
  RoleFilterTestData,
  RoleListData,
  RoleMemberListData,
  RoleMenuNode,
  RoleMenusData,
  RoleRow,
  RoleSearch,
} from '../../../contracts/roles';
import { ROLE_LIMITS, type RoleSortField } from '../../../contracts/roles';
import type { Database, Tx } from '../../db/client';
import { ROLE_DEFINITIONS } from '../../db/seed/menus';
import { uniquely } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import { ADMIN_ROLE, type PermissionsService } from '../permissions/permissions.service';
import { RoleFilterError, filterCatalog, runFilter, validateFilter } from './roles.filter';
import { type RoleDbRow, type RoleValues, rolesRepository as repo } from './roles.repository';

const PROBLEM_MESSAGES: Record<RoleFilterProblem, MessageKey> = {
  syntax: 'rolesFilterSyntax',
  not_select: 'rolesFilterNotSelect',
  writes: 'rolesFilterWrites',
  relation: 'rolesFilterRelation',
  function: 'rolesFilterFunction',
  columns: 'rolesFilterColumns',
  not_ids: 'rolesFilterNotIds',
  timeout: 'rolesFilterTimeout',
  procedure: 'rolesFilterProcedure',
  permission: 'rolesFilterPermission',
  value: 'rolesFilterValue',
  invalid: 'rolesFilterInvalid',
  failed: 'rolesFilterFailed',
};
const DETAIL_MAX = 300;
/** 角色管理 and 角色类型 permission codes (the routes declare the same). */
const ROLE_CODE = 'system_role';
const ROLE_TYPE_CODE = 'system_role_type';

/** A refused filter: 40000, the reason in the caller's language, `data.problem`. */
export const filterRefusal = (error: RoleFilterError) =>
  new AppError(
    ResponseCode.invalidInput,
    PROBLEM_MESSAGES[error.problem],
    { detail: error.detail.slice(0, DETAIL_MAX) },
    { problem: error.problem, detail: error.detail },
  );

/** roles.members_error keeps the problem and the detail; shown translated. */
const storedError = (error: RoleFilterError) => `${error.problem}\n${error.detail.slice(0, DETAIL_MAX)}`;
function shownError(lang: Lang, stored: string): string {
  if (!stored) return '';
  const [problem = '', ...rest] = stored.split('\n');
  const key = PROBLEM_MESSAGES[problem as RoleFilterProblem];
  return key ? translate(lang, key, { detail: rest.join('\n') }) : stored;
}

const BUILT_IN = new Map(ROLE_DEFINITIONS.map((role) => [role.code, role]));
const pick = (lang: Lang, zh: string, en: string | null) => (lang === 'en' && en ? en : zh);

interface RoleInput {
  id?: string;
  version?: number;
  code: string;
  name: string;
  nameEn: string;
  businessSystem: string;
  type: RoleValues['type'];
  filterKind: RoleFilterKind;
  filter: string;
  filterParams: string[];
  sort: number;
  remark: string;
}

type CategoryInput = Omit<Required<RoleCategorySaveRequest>, 'id' | 'version'> & { id?: string; version?: number };

/** 角色管理 and 角色类型 (contracts/roles.ts); dynamic roles' members (roles.filter.ts). */
export class RolesService {
  constructor(
    private readonly db: Database,
    private readonly permissions: PermissionsService,
  ) {}

  /* ================================================================ categories */

  async categories(tx: Tx): Promise<RoleCategoriesData> {
    return (await repo.categories(tx)).map((row): RoleCategoryRow => ({
      id: row.id,
      code: row.code,
      name: row.name,
      nameEn: row.name_en,
      sort: row.sort,
      remark: row.remark,
      roleCount: row.role_count,
      version: row.version,
    }));
  }

  /** Category names by code in the caller's language, in sort order (the selector's role groups). */
  async categoryNames(tx: Tx, lang: Lang): Promise<{ code: string; name: string }[]> {
    return (await repo.categories(tx)).map((row) => ({
      code: row.code,
      name: pick(lang, row.name, row.name_en),
    }));
  }

  async saveCategory(tx: Tx, session: Session, request: CategoryInput): Promise<RoleCategoryRow> {
    await this.permissions.assertHas(tx, session, request.id ? `${ROLE_TYPE_CODE}_edit` : `${ROLE_TYPE_CODE}_add`);
    const existing = request.id ? await repo.categoryById(tx, request.id) : undefined;
    if (request.id && !existing) throw new AppError(ResponseCode.notFound, 'rolesCategoryNotFound');
    const taken = () =>
      new AppError(ResponseCode.conflict, 'rolesCategoryCodeTaken', {
        code: request.code,
      });
    if (await repo.categoryCodeTaken(tx, request.code, existing?.id ?? null)) throw taken();
    const values = {
      code: request.code,
      name: request.name,
      nameEn: request.nameEn,
      sort: request.sort,
      remark: request.remark,
    };
    let id: string;
    if (existing) {
      if (request.version === undefined) throw new AppError(ResponseCode.conflict, 'rolesCategoryStale');
      const updated = await uniquely(() => repo.updateCategory(tx, existing.id, request.version!, values, session.userId), taken);
      if (!updated) throw new AppError(ResponseCode.conflict, 'rolesCategoryStale');
      if (existing.code !== request.code) await repo.renameCategoryOfRoles(tx, existing.code, request.code);
      id = existing.id;
    } else {
      id = uuidv7();
      await uniquely(() => repo.insertCategory(tx, session.tenantId, id, values, session.userId), taken);
    }
    const saved = (await this.categories(tx)).find((row) => row.id === id);
    if (!saved) throw new AppError(ResponseCode.notFound, 'rolesCategoryNotFound');
    return saved;
  }

  async deleteCategories(tx: Tx, session: Session, ids: string[]): Promise<{ deleted: number }> {
    await this.permissions.assertHas(tx, session, `${ROLE_TYPE_CODE}_delete`);
    const all = await repo.categories(tx);
    const chosen = all.filter((row) => ids.includes(row.id));
    if (chosen.length !== new Set(ids).size) throw new AppError(ResponseCode.notFound, 'rolesCategoryNotFound');
    const inUse = chosen.find((row) => row.role_count > 0);
    if (inUse)
      throw new AppError(ResponseCode.conflict, 'rolesCategoryInUse', {
        name: inUse.name,
        count: inUse.role_count,
      });
    await repo.deleteCategories(tx, ids);
    return { deleted: chosen.length };
  }

  /* ================================================================ roles */

  private row(lang: Lang, row: RoleDbRow): RoleRow {
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      nameEn: row.name_en,
      businessSystem: row.business_system,
      businessSystemName: row.category_name === null ? row.business_system : pick(lang, row.category_name, row.category_name_en),
      type: row.type,
      filterKind: row.filter_kind,
      filter: row.filter,
      filterParams: row.filter_params,
      sort: row.sort,
      remark: row.remark,
      memberCount: row.member_count,
      menuCount: row.menu_count,
      membersRefreshedAt: row.members_refreshed_at ? new Date(row.members_refreshed_at).toISOString() : null,
      membersError: shownError(lang, row.members_error),
      builtIn: BUILT_IN.has(row.code),
      version: row.version,
    };
  }

  async list(
    tx: Tx,
    lang: Lang,
    request: {
      currPage: number;
      limit: number;
      order?: string;
      sortField?: RoleSortField;
      search: RoleSearch;
    },
  ): Promise<RoleListData> {
    const field = request.sortField ?? 'sort';
    const direction = request.order === 'desc' || request.order === 'descending' ? 'desc' : 'asc';
    const { total, rows } = await repo.list(
      tx,
      {
        keyword: request.search.keyword || undefined,
        type: request.search.type || undefined,
        category: request.search.category || undefined,
      },
      { field, direction },
      request.limit,
      request.currPage * request.limit,
    );
    return { total, rows: rows.map((row) => this.row(lang, row)) };
  }

  private async existing(tx: Tx, id: string, lock = false): Promise<RoleDbRow> {
    const row = await repo.byId(tx, id, lock);
    if (!row) throw new AppError(ResponseCode.notFound, 'rolesNotFound');
    return row;
  }

  async detail(tx: Tx, lang: Lang, id: string): Promise<RoleRow> {
    return this.row(lang, await this.existing(tx, id));
  }

  /**
   * Adds or edits a role. A dynamic role's filter is validated and run before anything is saved (a
   * refused filter changes nothing) and its members are written with the role.
   */
  async save(tx: Tx, session: Session, lang: Lang, request: RoleInput): Promise<RoleRow> {
    await this.permissions.assertHas(tx, session, request.id ? `${ROLE_CODE}_edit` : `${ROLE_CODE}_add`);
    const existing = request.id ? await this.existing(tx, request.id, true) : undefined;
    if (existing && existing.version !== request.version) throw new AppError(ResponseCode.conflict, 'rolesStale');
    const builtIn = existing ? BUILT_IN.get(existing.code) : undefined;
    if (builtIn && request.code !== existing!.code)
      throw new AppError(ResponseCode.invalidInput, 'rolesBuiltInCode', {
        name: existing!.name,
      });
    if ((builtIn || BUILT_IN.has(request.code)) && request.type !== 'ordinary')
      throw new AppError(ResponseCode.invalidInput, 'rolesBuiltInType', {
        name: request.name,
      });
    if (request.type === 'ordinary' && request.filter !== '') throw new AppError(ResponseCode.invalidInput, 'rolesOrdinaryNoFilter');
    if (!(await repo.categories(tx)).some((category) => category.code === request.businessSystem)) {
      throw new AppError(ResponseCode.invalidInput, 'rolesCategoryMissing', {
        code: request.businessSystem,
      });
    }
    const taken = () =>
      new AppError(ResponseCode.conflict, 'rolesCodeTaken', {
        code: request.code,
      });
    if (await repo.codeTaken(tx, request.code, existing?.id ?? null)) throw taken();

    const dynamic = request.type === 'sql';
    const params = dynamic && request.filterKind === 'procedure' ? padParams(request.filterParams) : [];
    const values: RoleValues = {
      code: request.code,
      name: request.name,
      nameEn: request.nameEn,
      businessSystem: request.businessSystem,
      type: request.type,
      filterKind: dynamic ? request.filterKind : 'select',
      filter: dynamic ? request.filter : '',
      filterParams: params,
      sort: request.sort,
      remark: request.remark,
    };
    const members = dynamic ? await this.run(tx, session.tenantId, values.filterKind, values.filter, params) : null;

    let id: string;
    if (existing) {
      const updated = await uniquely(() => repo.update(tx, existing.id, existing.version, values, session.userId), taken);
      if (!updated) throw new AppError(ResponseCode.conflict, 'rolesStale');
      id = existing.id;
    } else {
      id = uuidv7();
      await uniquely(() => repo.insert(tx, session.tenantId, id, values, session.userId), taken);
    }
    // The members of a dynamic role are what its filter returns, nothing else: a role switched from
    // ordinary to dynamic SQL loses its manual members (removed rather than refusing the switch: the
    // issue defines the members by the filter, and refusing would
    // make the administrator remove them one by one first); switched back, it loses the filter's.
    if (members) {
      await repo.dropManualMembers(tx, id);
      await repo.syncDynamicMembers(tx, session.tenantId, id, members);
    } else await repo.dropDynamicMembers(tx, id);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return this.detail(tx, lang, id);
  }

  /** Validates then runs a filter in its own transaction; refusals as 40000. */
  private async run(tx: Tx, tenantId: string, kind: RoleFilterKind, filter: string, params: string[]): Promise<string[]> {
    try {
      await validateFilter(tx, kind, filter);
      return await runFilter(this.db, tenantId, kind, filter, params, {
        skipValidation: true,
      });
    } catch (error) {
      if (error instanceof RoleFilterError) throw filterRefusal(error);
      throw error;
    }
  }

  async delete(tx: Tx, session: Session, ids: string[]): Promise<{ deleted: number }> {
    await this.permissions.assertHas(tx, session, `${ROLE_CODE}_delete`);
    const rows = await repo.byIds(tx, ids);
    if (rows.length !== new Set(ids).size) throw new AppError(ResponseCode.notFound, 'rolesNotFound');
    const builtIn = rows.find((row) => BUILT_IN.has(row.code));
    if (builtIn)
      throw new AppError(ResponseCode.invalidInput, 'rolesBuiltInDelete', {
        name: builtIn.name,
      });
    await repo.delete(tx, ids);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { deleted: rows.length };
  }

  /** Validates and runs a filter without saving anything. */
  async testFilter(
    tx: Tx,
    session: Session,
    request: {
      filterKind: RoleFilterKind;
      filter: string;
      filterParams: string[];
    },
  ): Promise<RoleFilterTestData> {
    await this.permissions.assertAnyOf(tx, session, [`${ROLE_CODE}_add`, `${ROLE_CODE}_edit`]);
    const started = Date.now();
    const params = request.filterKind === 'procedure' ? padParams(request.filterParams) : [];
    const ids = await this.run(tx, session.tenantId, request.filterKind, request.filter, params);
    const durationMs = Date.now() - started;
    const sample = await repo.peopleSample(tx, ids.slice(0, 2000));
    return {
      count: ids.length,
      sample: sample.slice(0, ROLE_LIMITS.testSample).map((row) => ({
        id: row.id,
        name: row.name,
        username: row.username,
        userType: row.user_type,
      })),
      durationMs,
    };
  }

  catalog(tx: Tx): Promise<RoleFilterCatalog> {
    return filterCatalog(tx);
  }

  /**
   * 刷新成员: runs a dynamic role's filter now. A failure keeps the members, is recorded on the role
   * (in a transaction of its own, so it stays) and answers 40000 with the reason.
   */
  async refreshMembers(tx: Tx, session: Session, lang: Lang, id: string): Promise<RoleRow> {
    await this.permissions.assertHas(tx, session, `${ROLE_CODE}_edit`);
    const role = await this.existing(tx, id);
    if (role.type !== 'sql' || role.filter === '') throw new AppError(ResponseCode.invalidInput, 'rolesNotDynamic');
    let ids: string[];
    try {
      ids = await runFilter(this.db, session.tenantId, role.filter_kind, role.filter, role.filter_params);
    } catch (error) {
      if (!(error instanceof RoleFilterError)) throw error;
      await this.db.withTenant(session.tenantId, (own) => repo.recordFailure(own, id, storedError(error)));
      throw filterRefusal(error);
    }
    if (await repo.syncDynamicMembers(tx, session.tenantId, id, ids)) await this.permissions.forgetTenant(tx, session.tenantId);
    return this.detail(tx, lang, id);
  }

  /**
   * Every dynamic role of a school, each in transactions of its own (the sweep). Returns how many
   * ran and how many failed (failures recorded on the role, members kept).
   */
  async refreshSchool(tenantId: string): Promise<{ ran: number; failed: number }> {
    const dynamic = await this.db.withTenant(tenantId, (tx) => repo.dynamicRoles(tx));
    let failed = 0;
    let changed = false;
    for (const role of dynamic) {
      try {
        const ids = await runFilter(this.db, tenantId, role.filter_kind, role.filter, role.filter_params);
        changed =
          (await this.db.withTenant(tenantId, async (tx) => {
            // the role may have changed or gone while its filter ran: then the next run does it
            const current = await repo.byId(tx, role.id, true);
            if (!current || current.version !== role.version) return false;
            return repo.syncDynamicMembers(tx, tenantId, role.id, ids);
          })) || changed;
      } catch (error) {
        if (!(error instanceof RoleFilterError)) throw error;
        failed += 1;
        await this.db.withTenant(tenantId, (tx) => repo.recordFailure(tx, role.id, storedError(error)));
      }
    }
    if (changed) await this.permissions.forgetTenantCommitted(tenantId);
    return { ran: dynamic.length, failed };
  }

  /* ================================================================ menus */

  async menus(tx: Tx, lang: Lang, id: string): Promise<RoleMenusData> {
    const role = await this.existing(tx, id);
    const rows = await repo.allMenus(tx);
    const nodes = new Map<string, RoleMenuNode>();
    for (const row of rows) {
      nodes.set(row.id, {
        id: row.id,
        parentId: row.parent_id,
        type: row.type,
        name: pick(lang, row.menuname, row.remark?.menuNameEng ?? null),
        perms: row.perms,
        children: [],
      });
    }
    const tree: RoleMenuNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      if (parent) parent.children.push(node);
      else tree.push(node);
    }
    const all = role.code === ADMIN_ROLE;
    return {
      tree,
      granted: all ? rows.map((row) => row.id) : await repo.grantedMenuIds(tx, id),
      all,
    };
  }

  /** Grants the ticked rows and every row above them; admin holds everything already. */
  async saveMenus(tx: Tx, session: Session, request: { id: string; version: number; menuIds: string[] }): Promise<{ granted: number; version: number }> {
    await this.permissions.assertHas(tx, session, `${ROLE_CODE}_edit`);
    const role = await this.existing(tx, request.id, true);
    if (role.code === ADMIN_ROLE) throw new AppError(ResponseCode.invalidInput, 'rolesAdminAllMenus');
    if (role.version !== request.version) throw new AppError(ResponseCode.conflict, 'rolesStale');
    const rows = await repo.allMenus(tx);
    const parentOf = new Map(rows.map((row) => [row.id, row.parent_id]));
    const granted = new Set<string>();
    for (const menuId of new Set(request.menuIds)) {
      if (!parentOf.has(menuId)) throw new AppError(ResponseCode.invalidInput, 'rolesMenusNotFound');
      for (let current: string | null | undefined = menuId; current && !granted.has(current); current = parentOf.get(current)) granted.add(current);
    }
    if (!(await repo.bumpVersion(tx, role.id, role.version, session.userId))) throw new AppError(ResponseCode.conflict, 'rolesStale');
    await repo.replaceGrants(tx, session.tenantId, role.id, [...granted], session.userId);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { granted: granted.size, version: role.version + 1 };
  }

  /* ================================================================ members */

  async members(
    tx: Tx,
    request: {
      currPage: number;
      limit: number;
      search: { roleId: string; keyword?: string };
    },
  ): Promise<RoleMemberListData> {
    await this.existing(tx, request.search.roleId);
    const { total, rows } = await repo.members(tx, request.search.roleId, request.search.keyword ?? '', request.limit, request.currPage * request.limit);
    return {
      total,
      rows: rows.map((row) => ({
        id: row.id,
        name: row.name,
        username: row.username,
        userType: row.user_type,
        orgName: row.org_name ?? '',
        source: row.source,
      })),
    };
  }

  async addMembers(tx: Tx, session: Session, roleId: string, userIds: string[]): Promise<{ added: number }> {
    await this.permissions.assertHas(tx, session, `${ROLE_CODE}_edit`);
    const role = await this.existing(tx, roleId, true);
    if (role.type !== 'ordinary') throw new AppError(ResponseCode.invalidInput, 'rolesDynamicMembers');
    const unique = [...new Set(userIds.map((id) => id.toLowerCase()))];
    if ((await repo.existingUsers(tx, unique)).length !== unique.length) throw new AppError(ResponseCode.invalidInput, 'rolesUsersNotFound');
    const before = new Set(await repo.memberIds(tx, roleId));
    await repo.addMembers(tx, session.tenantId, roleId, unique, session.userId);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { added: unique.filter((id) => !before.has(id)).length };
  }

  /**
   * The guards of people leaving a role, for every path that removes members (角色管理 成员 and
   * 用户管理 save): nobody removes their own admin membership; the admin role keeps a member.
   */
  async assertMayLeave(tx: Tx, session: Session, roleId: string, userIds: readonly string[]): Promise<void> {
    const role = await this.existing(tx, roleId, true);
    guardLeaving(session, role, await repo.memberIds(tx, roleId), new Set(userIds.map((id) => id.toLowerCase())));
  }

  async removeMembers(tx: Tx, session: Session, roleId: string, userIds: string[]): Promise<{ removed: number }> {
    await this.permissions.assertHas(tx, session, `${ROLE_CODE}_edit`);
    const role = await this.existing(tx, roleId, true);
    if (role.type !== 'ordinary') throw new AppError(ResponseCode.invalidInput, 'rolesDynamicMembers');
    const unique = new Set(userIds.map((id) => id.toLowerCase()));
    const current = await repo.memberIds(tx, roleId);
    guardLeaving(session, role, current, unique);
    await repo.removeMembers(tx, roleId, [...unique]);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { removed: current.filter((id) => unique.has(id)).length };
  }
}

function guardLeaving(session: Session, role: RoleDbRow, current: readonly string[], leaving: ReadonlySet<string>): void {
  if (role.code !== ADMIN_ROLE) return;
  if (leaving.has(session.userId.toLowerCase())) throw new AppError(ResponseCode.invalidInput, 'rolesOwnAdmin');
  if (current.every((id) => leaving.has(id))) throw new AppError(ResponseCode.invalidInput, 'rolesLastAdmin');
}

/** A procedure's three parameters ('' for any not given). */
const padParams = (params: readonly string[]): string[] => [0, 1, 2].map((index) => params[index] ?? '');
