import { randomUUID } from 'node:crypto';
import { cataloguePermissionCodes } from '../../../contracts/menus';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import { ResponseCode } from '../../../contracts/envelope';
import type { AppConfig } from '../../config';
import type { MessageKey } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Tx } from '../../db/client';
import type { Session } from '../auth/auth.service';
import type { TenantsService } from '../tenants/tenants.service';
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
  expiresAt: number;
}

const MAX_CACHED_USERS = 10_000;

/** Menus, roles and permission codes of users; the server-side authority behind route access. */
export class PermissionsService {
  /**
   * Each user's account, roles, menus and codes, kept briefly so that logged-in calls need no permission
   * queries (getPermission at 50 concurrent callers stays within its latency budget). Per instance:
   * `forget` evicts at once here; other instances see a role change within permissionCacheSeconds.
   */
  private readonly grantCache = new Map<string, CachedGrant>();

  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly tenants: TenantsService,
  ) {}

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

  private async grantOf(tx: Tx, session: Session): Promise<CachedGrant> {
    const key = `${session.tenantId}:${session.userId}`;
    const cached = this.grantCache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    const grant = await this.loadGrant(tx, session.userId);
    const account = await this.users.findAccountById(tx, session.userId);
    if (!account) throw new Error(`session ${session.sessionId} points at a missing user`);
    // The administrator holds every code of the catalogue whatever the menu rows say, so that editing
    // or deleting menu rows (菜单管理) can never take the administrator's own permissions away.
    const codes = grant.roles.includes(ADMIN_ROLE) ? new Set([...codesOf(grant.menus), ...cataloguePermissionCodes()]) : codesOf(grant.menus);
    const entry: CachedGrant = {
      ...grant,
      account,
      codes,
      menuTree: buildMenuTree(grant.allMenus, grant.menus),
      sortedCodes: [...codes].sort(),
      expiresAt: Date.now() + this.config.permissionCacheSeconds * 1000,
    };
    if (this.grantCache.size >= MAX_CACHED_USERS) this.grantCache.clear();
    this.grantCache.set(key, entry);
    return entry;
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

  /** `POST /api/role/refresh`: the next call reloads the user's roles and menus. */
  forget(session: Session): void {
    this.grantCache.delete(`${session.tenantId}:${session.userId}`);
  }

  /**
   * After an administrator changes menus, roles, grants or members of a school: every user of it
   * reloads on their next call (this instance at once; others within permissionCacheSeconds).
   */
  forgetTenant(tenantId: string): void {
    const prefix = `${tenantId}:`;
    for (const key of this.grantCache.keys()) if (key.startsWith(prefix)) this.grantCache.delete(key);
  }

  /** `GET /ms/getPermission`: menu tree, permission codes, role codes and who the user is. */
  async permissionPayload(tx: Tx, session: Session): Promise<PermissionPayload> {
    const grant = await this.grantOf(tx, session);
    const { account } = grant;
    const tenant = await this.tenants.findById(tx, session.tenantId);
    if (!tenant) throw new Error(`session ${session.sessionId} points at a missing tenant`);
    return {
      menus: grant.menuTree,
      permission: grant.sortedCodes,
      roles: grant.roles,
      userInfo: {
        username: account.username,
        id: account.id,
        name: account.name,
        userType: account.userType,
        tenant: tenant.code,
        tenantName: tenant.name,
        mustChangePassword: (await this.users.findAccountById(tx, session.userId))?.mustChangePassword ?? false,
      },
      homeCards: grant.homeCards,
      requestId: randomUUID(),
    };
  }
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
