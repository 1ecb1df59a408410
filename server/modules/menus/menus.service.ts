import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import {
  MENUS_ADD_PERMISSION,
  MENUS_DELETE_PERMISSION,
  MENUS_EDIT_PERMISSION,
  MENU_SORT_MAX,
  menuIssues,
  menuPlacementIssue,
  parsePerms,
  protectedMenuCodes,
  type MenuAdminNode,
  type MenuIdRequest,
  type MenuIssue,
  type MenuKind,
  type MenuMoveRequest,
  type MenuSaveData,
  type MenuSaveRequest,
} from '../../../contracts/menu-admin';
import type { MenuRemark } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { type MenuRecord, menusRepository } from './menus.repository';

/** The first (up to three) rule issues as one 40000 error in the caller's language. */
function refuseIssues(issues: readonly MenuIssue[]): never {
  const shown = issues.slice(0, 3);
  throw new AppError(ResponseCode.invalidInput, (lang: Lang) => shown.map((issue) => translate(lang, issue.code as MessageKey, issue.params ?? {})).join(lang === 'zh' ? '；' : '; '));
}

const toNode = (row: MenuRecord): MenuAdminNode => {
  const remark: MenuRemark = row.remark ?? {};
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    menuname: row.menuname,
    menuNameEng: remark.menuNameEng ?? '',
    menuurl: row.menuurl,
    icon: row.icon,
    sort: row.sort,
    hidden: row.hidden,
    alwaysShow: row.alwaysShow,
    perms: row.perms,
    cdwz: remark.cdwz === 'top' ? 'top' : 'left',
    sfswsy: remark.sfswsy === '1' ? '1' : '0',
    sfzdy: remark.sfzdy === '1' ? '1' : '0',
    zdycs: remark.zdycs ?? '',
    roleCount: row.roleCount,
    version: row.version,
    children: [],
  };
};

/** The nested tree of the rows (sorted by sort, name). */
export function menuTreeOf(rows: readonly MenuRecord[]): MenuAdminNode[] {
  const nodes = new Map(rows.map((row) => [row.id, toNode(row)] as const));
  const roots: MenuAdminNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** contracts/menu-admin-rules.ts PROTECTED_MENU_CODES: (they also hold every catalogue code whatever the rows say: PermissionsService) */
const protectedCodesOf = (row: Pick<MenuRecord, 'perms'>): string[] => protectedMenuCodes(row.perms);

/** Sorts of `count` siblings in order: 10, 20, … (1, 2, … when that would pass the maximum). */
const sortsFor = (count: number): number[] => Array.from({ length: count }, (_, i) => (count * 10 <= MENU_SORT_MAX ? (i + 1) * 10 : Math.min(i, MENU_SORT_MAX)));

/**
 * 菜单管理 (/system/menu): the school's menu tree with every field; save, delete, move. Every change
 * makes the school's users reload their menus and grants (PermissionsService.forgetTenant); they see
 * it after 刷新菜单.
 */
export class MenusService {
  constructor(private readonly permissions: PermissionsService) {}

  async tree(tx: Tx): Promise<MenuAdminNode[]> {
    return menuTreeOf(await menusRepository.all(tx));
  }

  /** Checks a row of `kind` may go under `parentId` (exists, no cycle, placement); `rows` = the locked tree. */
  private placementOr400(rows: readonly MenuRecord[], kind: MenuKind, parentId: string | null, movingId?: string): void {
    if (parentId === null) {
      const issue = menuPlacementIssue(kind, null);
      if (issue) throw new AppError(ResponseCode.invalidInput, issue);
      return;
    }
    const byId = new Map(rows.map((row) => [row.id, row] as const));
    const parent = byId.get(parentId);
    if (!parent) throw new AppError(ResponseCode.invalidInput, 'menusParentNotFound');
    if (movingId) {
      for (let cursor: string | null = parentId; cursor; cursor = byId.get(cursor)?.parentId ?? null) {
        if (cursor === movingId) throw new AppError(ResponseCode.invalidInput, 'menusCycle');
      }
    }
    const issue = menuPlacementIssue(kind, parent.type);
    if (issue) throw new AppError(ResponseCode.invalidInput, issue);
  }

  /** `POST /api/menu-admin/save`: adds (system_menu_add) or edits (system_menu_edit, at its version). */
  async save(tx: Tx, session: Session, request: MenuSaveRequest): Promise<MenuSaveData> {
    await this.permissions.assertHas(tx, session, request.id ? MENUS_EDIT_PERMISSION : MENUS_ADD_PERMISSION);
    const perms = parsePerms(request.perms.join(','));
    const fields = {
      type: request.type,
      menuname: request.menuname.trim(),
      menuNameEng: request.menuNameEng.trim(),
      menuurl: request.menuurl.trim(),
      icon: request.icon.trim(),
      sort: request.sort,
      perms,
      sfzdy: request.sfzdy,
      zdycs: request.zdycs.trim(),
    };
    const issues = menuIssues(fields);
    if (issues.length > 0) refuseIssues(issues);
    await menusRepository.lockTree(tx);
    const existing = request.id ? await menusRepository.locked(tx, request.id) : undefined;
    if (request.id && !existing) throw new AppError(ResponseCode.notFound, 'menusNotFound');
    const rows = await menusRepository.all(tx);
    if (existing && existing.type !== request.type) {
      // a directory with menus under it cannot become a button, nor a menu with buttons a directory's child rules
      for (const child of rows.filter((row) => row.parentId === existing.id)) {
        const issue = menuPlacementIssue(child.type, request.type);
        if (issue) throw new AppError(ResponseCode.invalidInput, 'menusTypeHasChildren');
      }
    }
    if (existing) {
      const kept = protectedCodesOf(existing);
      if (
        kept.length > 0 &&
        (existing.parentId !== request.parentId ||
          existing.type !== request.type ||
          existing.menuurl !== fields.menuurl ||
          (request.hidden && !existing.hidden) ||
          kept.some((code) => !perms.includes(code)))
      ) {
        throw new AppError(ResponseCode.invalidInput, 'menusProtectedEdit', { name: existing.menuname, codes: kept.join(', ') });
      }
    }
    this.placementOr400(rows, request.type, request.parentId, existing?.id);
    const remark: MenuRemark = { menuNameEng: fields.menuNameEng, cdwz: request.cdwz, sfswsy: request.sfswsy, sfzdy: request.sfzdy, zdycs: request.sfzdy === '1' ? fields.zdycs : '' };
    const values = {
      parentId: request.parentId,
      type: request.type,
      menuname: fields.menuname,
      menuurl: fields.menuurl,
      icon: fields.icon,
      remark,
      sort: fields.sort,
      hidden: request.hidden,
      alwaysShow: request.alwaysShow,
      perms,
    };
    let result: MenuSaveData;
    if (!existing) {
      const id = uuidv7();
      await menusRepository.insert(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId, updatedBy: session.userId });
      result = { id, version: 1 };
    } else {
      const version = await menusRepository.update(tx, existing.id, request.version!, { ...values, updatedBy: session.userId });
      if (version === null) throw new AppError(ResponseCode.conflict, 'menusStale');
      result = { id: existing.id, version };
    }
    await this.permissions.forgetTenant(tx, session.tenantId);
    return result;
  }

  /** `POST /api/menu-admin/delete` (system_menu_delete): not while it has children; its role grants go with it. */
  async delete(tx: Tx, session: Session, request: MenuIdRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, MENUS_DELETE_PERMISSION);
    await menusRepository.lockTree(tx);
    const menu = await menusRepository.locked(tx, request.id);
    if (!menu) throw new AppError(ResponseCode.notFound, 'menusNotFound');
    if (protectedCodesOf(menu).length > 0) throw new AppError(ResponseCode.invalidInput, 'menusProtectedDelete', { name: menu.menuname });
    const children = await menusRepository.childCount(tx, menu.id);
    if (children > 0) throw new AppError(ResponseCode.conflict, 'menusHasChildren', { name: menu.menuname, count: children });
    await menusRepository.remove(tx, menu.id);
    await this.permissions.forgetTenant(tx, session.tenantId);
  }

  /**
   * `POST /api/menu-admin/move` (system_menu_edit): under `parentId` at `index` among its siblings;
   * the siblings' sorts are renumbered 10, 20, … in the new order. No cycles; buttons only under
   * menus; directories and menus never under buttons.
   */
  async move(tx: Tx, session: Session, request: MenuMoveRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, MENUS_EDIT_PERMISSION);
    await menusRepository.lockTree(tx);
    const menu = await menusRepository.locked(tx, request.id);
    if (!menu) throw new AppError(ResponseCode.notFound, 'menusNotFound');
    // a protected row may be reordered among its siblings, not moved under another parent
    const kept = protectedCodesOf(menu);
    if (kept.length > 0 && menu.parentId !== request.parentId) throw new AppError(ResponseCode.invalidInput, 'menusProtectedEdit', { name: menu.menuname, codes: kept.join(', ') });
    const rows = await menusRepository.all(tx);
    this.placementOr400(rows, menu.type, request.parentId, menu.id);
    const siblings = rows.filter((row) => row.parentId === request.parentId && row.id !== menu.id).map((row) => row.id);
    const order = [...siblings];
    order.splice(Math.min(request.index, order.length), 0, menu.id);
    const sorts = sortsFor(order.length);
    for (const [i, id] of order.entries()) await menusRepository.setPlace(tx, id, request.parentId, sorts[i]!, session.userId);
    await this.permissions.forgetTenant(tx, session.tenantId);
  }
}
