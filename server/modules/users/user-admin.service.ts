import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { v7 as uuidv7 } from 'uuid';
import { ResponseCode, type TableAData, tableASortOf } from '../../../contracts/envelope';

import { type AccountSettingsData, type AccountSettingsSaveRequest, type InitPreview, type InitReport, initialPasswordOf, isValidIdNumber, PARENT_PREFIX_PATTERN, parseStudentNoTemplate, USER_ISSUE_TEXT, userIssues, type UserListRequest, type UserOptions, type UserResetPasswordRequest, type UserRow, type UserSaveInput, type UserSearch, type userInitializeRequest, USERS_ADD_PERMISSION, USERS_DELETE_PERMISSION, USERS_EDIT_PERMISSION, USERS_INIT_MAX, USERS_INIT_PERMISSION, USERS_RESET_PWD_PERMISSION } from '../../../contracts/users';
import type { Tx } from '../../db/client';
import { isForeignKeyViolation, uniquely } from '../../db/unique';
import type { Lang } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { AuthService } from '../auth/auth.service';
import type { Session } from '../auth/session.types';
import { hashPassword } from '../auth/passwords';
import type { PermissionsService } from '../permissions/permissions.service';
import type { RolesService } from '../roles/roles.service';
import type { TenantsService } from '../tenants/tenants.service';
import { accountSettingsOf, initializeAccounts, previewNumber } from './users.accounts';

// 学生信息 numbers students it adds by the same template and serials as 账号初始化
export { studentNumberMaker } from './users.accounts';
import { userAdminRepository, type UserFilters, type UserListRecord } from './users.repository';

type UserInitializeInput = z.output<typeof userInitializeRequest>;

// ------------------------------------------------------------------ 用户管理 (/system/user)

const toFilters = (search: UserSearch): UserFilters => ({
  keyword: search.keyword || undefined,
  userType: search.userType || undefined,
  orgUnitId: search.orgUnitId || undefined,
  enabled: search.enabled === '1' ? true : search.enabled === '0' ? false : undefined,
  locked: search.locked === '1' ? true : search.locked === '0' ? false : undefined,
  initialized: search.initialized === '1' ? true : search.initialized === '0' ? false : undefined,
});

/** The admin side of users: list, add / edit / delete, enable, unlock, reset password, initialise accounts, settings. */
export class UserAdminService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly auth: AuthService,
    private readonly tenants: TenantsService,
    private readonly roles: RolesService,
  ) {}

  private require(tx: Tx, session: Session, code: string) {
    return this.permissions.assertHas(tx, session, code);
  }

  async options(tx: Tx): Promise<UserOptions> {
    return { campuses: await userAdminRepository.campuses(tx), roles: await userAdminRepository.ordinaryRoles(tx), orgUnits: await userAdminRepository.orgUnits(tx) };
  }

  async list(tx: Tx, request: UserListRequest): Promise<TableAData<UserRow>> {
    const sort = tableASortOf(request);
    const rows = await userAdminRepository.list(tx, toFilters(request.search), request.currPage, request.limit, sort);
    return { total: rows.length > 0 ? Number(rows[0].total) : 0, rows: rows.map(toUserRow) };
  }

  /** `POST /api/users/save`: add (system_user_add) or edit (system_user_edit). */
  async save(tx: Tx, session: Session, input: UserSaveInput): Promise<{ id: string }> {
    await this.require(tx, session, input.id ? USERS_EDIT_PERMISSION : USERS_ADD_PERMISSION);
    const issues = userIssues(input);
    if (issues.length > 0) throw new AppError(ResponseCode.invalidInput, (lang) => issues.map((issue) => USER_ISSUE_TEXT[issue.code][lang]).join(lang === 'zh' ? '；' : '; '));
    const existing = input.id ? await userAdminRepository.lockedById(tx, input.id) : undefined;
    if (input.id && !existing) throw new AppError(ResponseCode.notFound, 'userNotFound');
    if (existing && existing.id === session.userId && !input.enabled) throw new AppError(ResponseCode.conflict, 'usersSelfDisable');
    if (await userAdminRepository.usernameTaken(tx, input.username, input.id)) throw new AppError(ResponseCode.conflict, 'usersAccountTaken', { account: input.username });
    if (input.userNo && input.userType !== '4' && (await userAdminRepository.userNoTaken(tx, input.userNo, input.id))) {
      throw new AppError(ResponseCode.conflict, 'usersUserNoTaken', { userNo: input.userNo });
    }
    if (input.orgUnitId && !(await userAdminRepository.orgUnitById(tx, input.orgUnitId))) throw new AppError(ResponseCode.invalidInput, 'usersOrgUnknown');
    const options = await this.options(tx);
    if (input.campusId && !options.campuses.some((campus) => campus.id === input.campusId)) throw new AppError(ResponseCode.invalidInput, 'usersCampusUnknown');
    const ordinary = new Set(options.roles.map((role) => role.id));
    if (input.roleIds.some((id) => !ordinary.has(id))) throw new AppError(ResponseCode.invalidInput, 'usersRoleUnknown');
    if (existing) {
      // roles given up here pass the roles module's guards (own admin membership, last admin)
      const kept = new Set(input.roleIds);
      for (const roleId of await userAdminRepository.manualRoleIds(tx, existing.id)) {
        if (!kept.has(roleId)) await this.roles.assertMayLeave(tx, session, roleId, [existing.id]);
      }
    }
    const values = {
      username: input.username,
      name: input.name,
      userType: input.userType,
      gender: input.gender,
      userNo: input.userNo,
      orgUnitId: input.orgUnitId,
      campusId: input.campusId,
      phone: input.phone,
      email: input.email,
      idNumber: input.idNumber.toUpperCase(),
      enabled: input.enabled,
      remark: input.remark,
      updatedBy: session.userId,
    };
    const taken = () => new AppError(ResponseCode.conflict, 'usersAccountTaken', { account: input.username });
    let id: string;
    if (!existing) {
      id = uuidv7();
      // no password yet: a random one nobody knows; initialisation or a reset gives the first one
      const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
      await uniquely(() => tx.transaction((sp) => userAdminRepository.insert(sp, { tenantId: session.tenantId, id, ...values, passwordHash, createdBy: session.userId })), taken);
    } else {
      id = existing.id;
      const updated = await uniquely(() => tx.transaction((sp) => userAdminRepository.update(sp, id, input.version!, values)), taken);
      if (!updated) throw new AppError(ResponseCode.conflict, 'usersStale');
      if (existing.enabled && !input.enabled) {
        await userAdminRepository.endSessions(tx, id);
        await this.auth.forgetSessionsOf(tx, session.tenantId, id);
      }
    }
    await userAdminRepository.setManualRoles(tx, session.tenantId, id, input.roleIds, session.userId);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { id };
  }

  /** `POST /api/users/delete`: never yourself; a user with business data is refused (disable instead). */
  async delete(tx: Tx, session: Session, ids: string[]): Promise<void> {
    await this.require(tx, session, USERS_DELETE_PERMISSION);
    if (ids.includes(session.userId)) throw new AppError(ResponseCode.conflict, 'usersSelfDelete');
    const found = await userAdminRepository.byIds(tx, ids);
    if (found.length !== new Set(ids).size) throw new AppError(ResponseCode.notFound, 'userNotFound');
    for (const user of found) {
      try {
        await tx.transaction((sp) => userAdminRepository.deleteUser(sp, user.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError(ResponseCode.conflict, 'usersHasData', { name: user.name });
        throw error;
      }
      await this.auth.forgetSessionsOf(tx, session.tenantId, user.id);
    }
    await this.permissions.forgetTenant(tx, session.tenantId);
  }

  /** `POST /api/users/enable`: enable or disable (never yourself); disabling ends their sessions. */
  async setEnabled(tx: Tx, session: Session, ids: string[], enabled: boolean): Promise<void> {
    await this.require(tx, session, USERS_EDIT_PERMISSION);
    if (!enabled && ids.includes(session.userId)) throw new AppError(ResponseCode.conflict, 'usersSelfDisable');
    const found = await userAdminRepository.byIds(tx, ids);
    if (found.length !== new Set(ids).size) throw new AppError(ResponseCode.notFound, 'userNotFound');
    await this.switchAccounts(tx, session, found, enabled);
  }

  /**
   * Enables or disables accounts, the caller's permission checked by the caller (用户管理 above, 毕业管理's
   * graduates): disabling ends their sessions. Answers how many changed.
   */
  async setAccountsEnabled(tx: Tx, session: Session, ids: readonly string[], enabled: boolean): Promise<number> {
    return this.switchAccounts(tx, session, await userAdminRepository.byIds(tx, [...ids]), enabled);
  }

  private async switchAccounts(tx: Tx, session: Session, found: readonly { id: string; enabled: boolean }[], enabled: boolean): Promise<number> {
    let changed = 0;
    for (const user of found) {
      if (user.enabled === enabled) continue;
      changed += 1;
      await userAdminRepository.set(tx, user.id, { enabled, updatedBy: session.userId });
      if (!enabled) {
        await userAdminRepository.endSessions(tx, user.id);
        await this.auth.forgetSessionsOf(tx, session.tenantId, user.id);
      }
    }
    await this.permissions.forgetTenant(tx, session.tenantId);
    return changed;
  }

  /** `POST /api/users/unlock`: ends the lockout and forgets the failed logins that led to it. */
  async unlock(tx: Tx, session: Session, ids: string[]): Promise<void> {
    await this.require(tx, session, USERS_EDIT_PERMISSION);
    const found = await userAdminRepository.byIds(tx, ids);
    if (found.length !== new Set(ids).size) throw new AppError(ResponseCode.notFound, 'userNotFound');
    const tenant = await this.tenants.findById(tx, session.tenantId);
    for (const user of found) {
      await userAdminRepository.set(tx, user.id, { lockedUntil: null, updatedBy: session.userId });
      if (tenant) await userAdminRepository.clearLoginFailures(tx, `${tenant.code}/${user.username.toLowerCase()}`);
    }
  }

  /**
   * `POST /api/users/reset-password` (system_user_reset_pwd): to the initial password (SPEC §9, the
   * ID number's last 6 in capitals) or to the typed one (the school's password rule); the user must
   * change it at the next login; their sessions end.
   */
  async resetPassword(tx: Tx, session: Session, request: UserResetPasswordRequest): Promise<{ initial: boolean }> {
    await this.require(tx, session, USERS_RESET_PWD_PERMISSION);
    const user = await userAdminRepository.lockedById(tx, request.id);
    if (!user) throw new AppError(ResponseCode.notFound, 'userNotFound');
    const typed = request.password?.trim() ?? '';
    let password: string;
    if (typed) {
      const tenant = await this.tenants.findById(tx, session.tenantId);
      const strategy = { zh: await this.auth.passwordStrategy(tx, tenant, 'zh'), en: await this.auth.passwordStrategy(tx, tenant, 'en') };
      if (!new RegExp(strategy.zh.rule).test(typed)) throw new AppError(ResponseCode.invalidInput, (lang) => strategy[lang].description);
      password = typed;
    } else {
      if (!isValidIdNumber(user.idNumber)) throw new AppError(ResponseCode.conflict, 'usersResetNoIdNumber');
      password = initialPasswordOf(user.idNumber);
    }
    await userAdminRepository.set(tx, user.id, {
      passwordHash: await hashPassword(password),
      passwordChangedAt: null,
      mustChangePassword: true,
      lockedUntil: null,
      updatedBy: session.userId,
    });
    // the cached grant holds the must-change flag: every instance reads it again
    await this.permissions.forgetUser(tx, session.tenantId, user.id);
    if (user.id !== session.userId) {
      await userAdminRepository.endSessions(tx, user.id);
      await this.auth.forgetSessionsOf(tx, session.tenantId, user.id);
    }
    return { initial: !typed };
  }

  /**
   * `POST /api/users/initialize` (system_user_init): the ids given or every user matching the search.
   * Accounts initialised before are skipped unless `includeInitialized`; a run takes at most
   * USERS_INIT_MAX people (more: refused with the count, nothing done).
   */
  async initialize(tx: Tx, session: Session, lang: Lang, request: UserInitializeInput): Promise<InitReport> {
    await this.require(tx, session, USERS_INIT_PERMISSION);
    const filters = { ...toFilters(request.search), ...(request.includeInitialized ? {} : { initialized: false }) };
    if (request.all) {
      const counts = await userAdminRepository.initCounts(tx, { filters });
      const people = counts.fresh + counts.initialized;
      if (people > USERS_INIT_MAX) throw new AppError(ResponseCode.invalidInput, 'usersInitTooMany', { max: String(USERS_INIT_MAX), count: String(people) });
    } else if (request.ids.length > USERS_INIT_MAX) {
      throw new AppError(ResponseCode.invalidInput, 'usersInitTooMany', { max: String(USERS_INIT_MAX), count: String(request.ids.length) });
    }
    const ids = request.all ? await userAdminRepository.idsMatching(tx, filters, USERS_INIT_MAX, true) : request.ids;
    if (ids.length === 0) throw new AppError(ResponseCode.invalidInput, 'usersInitNothing');
    const ended: string[] = [];
    const report = await initializeAccounts(tx, { tenantId: session.tenantId, by: session.userId, lang, ids, includeInitialized: request.includeInitialized, onEnded: (id) => ended.push(id) });
    // possibly thousands: one notice for the school's sessions rather than one per account
    if (ended.length > 0) await this.auth.forgetSessionsOf(tx, session.tenantId);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return report;
  }

  /** `POST /api/users/init-preview`: what initialize would do with the same body (the confirm's numbers). */
  async initPreview(tx: Tx, session: Session, request: UserInitializeInput): Promise<InitPreview> {
    await this.require(tx, session, USERS_INIT_PERMISSION);
    const counts = await userAdminRepository.initCounts(tx, request.all ? { filters: toFilters(request.search) } : { ids: request.ids });
    return { ...counts, max: USERS_INIT_MAX };
  }

  async settings(tx: Tx): Promise<AccountSettingsData> {
    const settings = await accountSettingsOf(tx);
    return { ...settings, preview: await previewNumber(tx, settings.studentNoTemplate) };
  }

  async saveSettings(tx: Tx, session: Session, request: AccountSettingsSaveRequest): Promise<AccountSettingsData> {
    await this.require(tx, session, USERS_INIT_PERMISSION);
    if (!PARENT_PREFIX_PATTERN.test(request.parentPrefix)) throw new AppError(ResponseCode.invalidInput, 'usersPrefixInvalid');
    if (!parseStudentNoTemplate(request.studentNoTemplate)) throw new AppError(ResponseCode.invalidInput, 'usersTemplateInvalid');
    await userAdminRepository.saveSettings(tx, session.tenantId, request, session.userId);
    return this.settings(tx);
  }

  /** `POST /api/users/preview-number`: the next number a template would give (settings dialog, as typed). */
  async preview(tx: Tx, template: string): Promise<{ preview: string }> {
    if (!parseStudentNoTemplate(template)) throw new AppError(ResponseCode.invalidInput, 'usersTemplateInvalid');
    return { preview: await previewNumber(tx, template) };
  }

  /** Rows of one search for the export (every page, at most USERS_BATCH_MAX * 5). */
  async exportRows(tx: Tx, search: UserSearch): Promise<UserRow[]> {
    return (await userAdminRepository.list(tx, toFilters(search), 0, 10000)).map(toUserRow);
  }
}

function toUserRow(row: UserListRecord): UserRow {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    userType: row.user_type,
    gender: row.gender,
    userNo: row.user_no,
    orgUnitId: row.org_unit_id,
    orgUnitName: row.org_unit_name ?? '',
    campusId: row.campus_id,
    campusName: row.campus_name ?? '',
    phone: row.phone,
    email: row.email,
    idNumber: row.id_number,
    enabled: row.enabled,
    lockedUntil: row.locked_until && new Date(row.locked_until).getTime() > Date.now() ? row.locked_until : null,
    accountInitializedAt: row.account_initialized_at,
    mustChangePassword: row.must_change_password,
    remark: row.remark,
    roleIds: row.role_ids,
    roleNames: row.role_names,
    version: row.version,
  };
}
