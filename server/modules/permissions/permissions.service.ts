import { randomUUID } from 'node:crypto';
import type { MenuNode, PermissionPayload } from '../../../contracts/session';
import type { AppConfig } from '../../config';
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
}

interface CachedCodes {
  codes: ReadonlySet<string>;
  expiresAt: number;
}

const MAX_CACHED_USERS = 10_000;

/** Menus, roles and permission codes of users; the server-side authority behind route access. */
export class PermissionsService {
  /**
   * Permission sets per tenant:user, kept briefly so permission-checked calls need no extra query.
   * Per instance: another instance sees a role change within permissionCacheSeconds.
   */
  private readonly codeCache = new Map<string, CachedCodes>();

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
    if (roles.includes(ADMIN_ROLE)) return { roles, menus: allMenus, allMenus };
    const grantedIds = new Set(
      (await permissionsRepository.menuIdsOfRoles(tx, roleRows.map((role) => role.id))).map((row) => row.menuId),
    );
    return { roles, menus: allMenus.filter((menu) => grantedIds.has(menu.id)), allMenus };
  }

  private remember(session: Session, codes: ReadonlySet<string>) {
    if (this.codeCache.size >= MAX_CACHED_USERS) this.codeCache.clear();
    this.codeCache.set(`${session.tenantId}:${session.userId}`, {
      codes,
      expiresAt: Date.now() + this.config.permissionCacheSeconds * 1000,
    });
  }

  /** Every permission code the user holds (menus and buttons of all their roles). */
  async grantedCodes(tx: Tx, session: Session): Promise<ReadonlySet<string>> {
    const cached = this.codeCache.get(`${session.tenantId}:${session.userId}`);
    if (cached && cached.expiresAt > Date.now()) return cached.codes;
    const codes = codesOf((await this.loadGrant(tx, session.userId)).menus);
    this.remember(session, codes);
    return codes;
  }

  /** `POST /api/role/refresh`: the next check reloads the user's roles and menus. */
  forget(session: Session): void {
    this.codeCache.delete(`${session.tenantId}:${session.userId}`);
  }

  /** `GET /ms/getPermission`: menu tree, permission codes, role codes and who the user is. */
  async permissionPayload(tx: Tx, session: Session): Promise<PermissionPayload> {
    const grant = await this.loadGrant(tx, session.userId);
    const account = await this.users.findAccountById(tx, session.userId);
    const tenant = await this.tenants.findById(tx, session.tenantId);
    if (!account || !tenant) throw new Error(`session ${session.sessionId} points at a missing user or tenant`);
    const codes = codesOf(grant.menus);
    this.remember(session, codes);
    return {
      menus: buildMenuTree(grant.allMenus, grant.menus),
      permission: [...codes].sort(),
      roles: grant.roles,
      userInfo: {
        username: account.username,
        id: account.id,
        name: account.name,
        userType: account.userType,
        tenant: tenant.code,
        tenantName: tenant.name,
      },
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
