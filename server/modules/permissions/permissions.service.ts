import { randomUUID } from 'node:crypto';
import { cataloguePermissionCodes } from '../../../contracts/menus';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import { ResponseCode } from '../../../contracts/envelope';
import type { AppConfig } from '../../config';
import type { MessageKey } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { CacheBus, SharedCache, SharedCacheOptions } from '../../db/cache-bus';
import type { Tx } from '../../db/client';
import type { Session } from '../auth/session.types';
import type { Tenant, TenantsService } from '../tenants/tenants.service';
import type { UsersService } from '../users/users.service';
import { type MenuRow, permissionsRepository } from './permissions.repository';

/** The administrator role: every menu and button of its tenant, including ones added later. */
export const ADMIN_ROLE = 'admin';

interface Grant {
  roles: string[];
  /** granted menu rows (directories, menus, buttons) */
  menus: MenuRow[];
  /** every menu row of the tenant, to place granted rows in the tree */
  allMenus: MenuRow[];
  /** 首页卡片 layout (null = default) */
  homeCards: string[] | null;
}

interface CachedGrant extends Grant {
  account: NonNullable<Awaited<ReturnType<UsersService['findAccountById']>>>;
  codes: ReadonlySet<string>;
  /** what getPermission answers, built once per cached grant */
  menuTree: MenuNode[];
  sortedCodes: string[];
  tenant: Pick<Tenant, 'code' | 'name'>;
  /**
   * getPermission's answer as UTF-8 up to its requestId's value, serialised on first use (once per
   * change): bytes, so sending it neither measures nor encodes a 15 KB string per call
   */
  payloadHead?: Buffer;
}

/** What the route helper needs of a caller before running a route: both from the cached grant. */
export interface CallerAccess {
  mustChangePassword: boolean;
  codes: ReadonlySet<string>;
}

const MAX_CACHED_USERS = 10_000;

/** Menus, roles and permission codes of users; the server-side authority behind route access. */
export class PermissionsService {
  /**
   * Each user's account, school, roles, menus, codes and getPermission answer, so that logged-in
   * calls need no permission queries and getPermission none at all (issue 18 §4). Changes to roles,
   * grants, members, menus, org units, home cards and accounts evict them on every instance through
   * the cache bus (forgetUser / forgetTenant in the changing transaction); the expiry is a fallback.
   */
  private readonly grants: SharedCache<CachedGrant>;
  /** other modules' caches of what roles and menus decide (accessCache): evicted with the grants */
  private readonly schoolWide: SharedCache<unknown>[] = [];

  constructor(
    config: AppConfig,
    private readonly users: UsersService,
    private readonly tenants: TenantsService,
    private readonly bus: CacheBus,
  ) {
    this.grants = bus.sharedCache({ name: 'grants', ttlMs: config.permissionCacheSeconds * 1000, maxEntries: MAX_CACHED_USERS });
  }

  private async loadGrant(tx: Tx, userId: string): Promise<Grant> {
    // Sequential: one transaction is one connection, which runs one query at a time.
    const roleRows = await permissionsRepository.rolesOfUser(tx, userId);
    const allMenus = await permissionsRepository.allMenus(tx);
    const roles = roleRows.map((role) => role.code);
    const homeCards = (await permissionsRepository.homeCardsOfUser(tx, userId)) ?? null;
    if (roles.includes(ADMIN_ROLE)) return { roles, menus: allMenus, allMenus, homeCards };
    const grantedIds = new Set(
      (await permissionsRepository.menuIdsOfRoles(tx, roleRows.map((role) => role.id))).map((row) => row.menuId),
    );
    return { roles, menus: allMenus.filter((menu) => grantedIds.has(menu.id)), allMenus, homeCards };
  }

  private grantOf(tx: Tx, session: Session): Promise<CachedGrant> {
    return this.grants.load(grantId(session), { tenantId: session.tenantId, subject: session.userId }, async () => {
      const grant = await this.loadGrant(tx, session.userId);
      const account = await this.users.findAccountById(tx, session.userId);
      if (!account) throw new Error(`session ${session.sessionId} points at a missing user`);
      const tenant = await this.tenants.findById(tx, session.tenantId);
      if (!tenant) throw new Error(`session ${session.sessionId} points at a missing tenant`);
      // The administrator holds every code of the catalogue whatever the menu rows say, so that editing
      // or deleting menu rows (菜单管理) can never take the administrator's own permissions away.
      const codes = grant.roles.includes(ADMIN_ROLE) ? new Set([...codesOf(grant.menus), ...cataloguePermissionCodes()]) : codesOf(grant.menus);
      return {
        ...grant,
        account,
        codes,
        menuTree: buildMenuTree(grant.allMenus, grant.menus),
        sortedCodes: [...codes].sort(),
        tenant: { code: tenant.code, name: tenant.name },
      };
    });
  }

  /**
   * The caller's access from memory alone (route helper's fast path), or undefined when it is not
   * cached here: the caller then goes through the database path.
   */
  recallAccess(session: Session): CallerAccess | undefined {
    const grant = this.grants.get(grantId(session));
    return grant && { mustChangePassword: grant.account.mustChangePassword, codes: grant.codes };
  }

  /**
   * The caller's access (the route helper's database path), from the cached grant or loaded into it;
   * mustChangePassword: the account must change its password before anything else.
   */
  async accessOf(tx: Tx, session: Session): Promise<CallerAccess> {
    const grant = await this.grantOf(tx, session);
    return { mustChangePassword: grant.account.mustChangePassword, codes: grant.codes };
  }

  /** Every permission code the user holds (menus and buttons of all their roles). */
  async grantedCodes(tx: Tx, session: Session): Promise<ReadonlySet<string>> {
    return (await this.grantOf(tx, session)).codes;
  }

  /** Services' own permission check (immich style): 40300 unless the caller holds `code`. */
  async assertHas(tx: Tx, session: Session, code: string): Promise<void> {
    if (!(await this.grantedCodes(tx, session)).has(code)) throw new AppError(ResponseCode.forbidden, 'forbidden');
  }

  /** 40300 (with `refusal`) unless the caller holds at least one of `codes`. */
  async assertAnyOf(tx: Tx, session: Session, codes: readonly string[], refusal: MessageKey = 'forbidden'): Promise<void> {
    const granted = await this.grantedCodes(tx, session);
    if (!codes.some((code) => granted.has(code))) throw new AppError(ResponseCode.forbidden, refusal);
  }

  /**
   * SPEC §6: a user's own data (a file they uploaded, later their posts…) may be edited or deleted
   * by its owner, or by a holder of `adminCode`; anyone else gets 40300 with `refusal`.
   */
  async assertOwnerOrPermission(tx: Tx, session: Session, ownerId: string | null, adminCode: string, refusal: MessageKey = 'forbidden'): Promise<void> {
    if (ownerId !== null && ownerId === session.userId) return;
    if ((await this.grantedCodes(tx, session)).has(adminCode)) return;
    throw new AppError(ResponseCode.forbidden, refusal);
  }

  /**
   * Publishing activities, notices, questionnaires and awards (SPEC §6) without the publish code
   * answers 40300 "please contact the administrator". No publish route exists yet; they call this.
   */
  async assertMayPublish(tx: Tx, session: Session, publishCodes: readonly string[]): Promise<void> {
    return this.assertAnyOf(tx, session, publishCodes, 'publishForbidden');
  }

  /** `POST /api/role/refresh`: the caller's next call (on any instance) reloads their roles and menus. */
  forget(tx: Tx, session: Session): Promise<void> {
    return this.forgetUser(tx, session.tenantId, session.userId);
  }

  /** After a change to one account (password, must-change flag): its next call reloads, on every instance. */
  forgetUser(tx: Tx, tenantId: string, userId: string): Promise<void> {
    return this.bus.notify(tx, { caches: [this.grants], tenantId, subject: userId });
  }

  /**
   * After an administrator changes menus, roles, grants, members, org units, home cards or accounts
   * of a school, in the changing transaction: every user of it reloads on their next call, on every
   * instance once the transaction commits.
   */
  forgetTenant(tx: Tx, tenantId: string): Promise<void> {
    return this.bus.notify(tx, { caches: [this.grants, ...this.schoolWide], tenantId });
  }

  /** forgetTenant for changes already committed in transactions of their own (the dynamic-role sweep). */
  forgetTenantCommitted(tenantId: string): Promise<void> {
    return this.bus.publish({ caches: [this.grants, ...this.schoolWide], tenantId });
  }

  /**
   * A cache of another module holding what roles, menus and their members decide (role names…),
   * one entry per school (id = tenant id): every forgetTenant evicts it with the grants, on every instance.
   */
  accessCache<V>(options: SharedCacheOptions): SharedCache<V> {
    const cache = this.bus.sharedCache<V>(options);
    this.schoolWide.push(cache as SharedCache<unknown>);
    return cache;
  }

  /** `GET /ms/getPermission`: menu tree, permission codes, role codes and who the user is. */
  async permissionPayload(tx: Tx, session: Session): Promise<PermissionPayload> {
    return payloadOf(await this.grantOf(tx, session), randomUUID());
  }

  /**
   * getPermission's `data` as UTF-8 JSON in pieces, from memory alone (serialised once per change; a
   * fresh requestId each call), or undefined when the caller's grant is not cached here.
   */
  recallPayload(session: Session): Buffer[] | undefined {
    const grant = this.grants.get(grantId(session));
    if (!grant) return undefined;
    // the serialised object ends with its last field: the requestId goes in before the closing brace
    grant.payloadHead ??= Buffer.from(`${JSON.stringify(payloadOf(grant, undefined)).slice(0, -1)},"requestId":"`);
    return [grant.payloadHead, Buffer.from(`${randomUUID()}"}`)];
  }
}

const grantId = (session: Session) => `${session.tenantId}:${session.userId}`;

/** The payload of a grant; requestId undefined leaves it out (recallPayload adds it). */
function payloadOf(grant: CachedGrant, requestId: string): PermissionPayload;
function payloadOf(grant: CachedGrant, requestId: undefined): Omit<PermissionPayload, 'requestId'>;
function payloadOf(grant: CachedGrant, requestId: string | undefined): Omit<PermissionPayload, 'requestId'> & { requestId?: string } {
  const { account } = grant;
  return {
    menus: grant.menuTree,
    permission: grant.sortedCodes,
    roles: grant.roles,
    userInfo: {
      username: account.username,
      id: account.id,
      name: account.name,
      userType: account.userType,
      tenant: grant.tenant.code,
      tenantName: grant.tenant.name,
      mustChangePassword: account.mustChangePassword,
    },
    homeCards: grant.homeCards,
    ...(requestId === undefined ? {} : { requestId }),
  };
}

const codesOf = (rows: MenuRow[]): ReadonlySet<string> => new Set(rows.flatMap((row) => row.perms));

/**
 * The navigable tree: granted directories and menus (no buttons) plus the directories above them,
 * sorted; directories left without children are dropped.
 */
export function buildMenuTree(allMenus: MenuRow[], granted: MenuRow[]): MenuNode[] {
  const byId = new Map(allMenus.map((row) => [row.id, row]));
  const visible = new Set<string>();
  for (const row of granted) {
    if (row.type === 'button') continue;
    for (let current: MenuRow | undefined = row; current && !visible.has(current.id); current = current.parentId ? byId.get(current.parentId) : undefined) {
      visible.add(current.id);
    }
  }
  const nodes = new Map<string, MenuNode>();
  for (const row of allMenus) {
    if (!visible.has(row.id)) continue;
    nodes.set(row.id, {
      id: row.id,
      menuname: row.menuname,
      menuurl: row.menuurl,
      icon: row.icon,
      remark: JSON.stringify(row.remark ?? {}),
      sort: row.sort,
      hidden: row.hidden,
      alwaysShow: row.alwaysShow,
      perms: row.perms,
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  // allMenus is sorted by (sort, menuname), so children are appended in order.
  for (const row of allMenus) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const prune = (list: MenuNode[]): MenuNode[] =>
    list.filter((node) => {
      node.children = prune(node.children);
      return byId.get(node.id)?.type !== 'directory' || node.children.length > 0;
    });
  return prune(roots);
}
