import { ResponseCode } from '../../../contracts/envelope';
import { HOME_CARDS_EDIT_PERMISSION, isHomeCardId, type HomeCardResetRequest, type HomeCardRoleRow, type HomeCardSaveRequest } from '../../../contracts/home-card-layouts';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { homeCardsRepository as repo } from './home-cards.repository';

/**
 * 首页卡片 (/system/sykp): per role, the home-page cards in order. A role without a layout shows the
 * default (every card the user may see, built-in order). Users get the layout of their first role
 * (roles by sort, code) that has one, through the permission payload (`homeCards`); a save or reset
 * makes every user of the school reload it (forgetTenant).
 */
export class HomeCardsService {
  constructor(private readonly permissions: PermissionsService) {}

  async list(tx: Tx): Promise<HomeCardRoleRow[]> {
    return (await repo.rolesWithLayouts(tx)).map((row) => ({
      roleId: row.roleId,
      code: row.code,
      name: row.name,
      nameEn: row.nameEn,
      cards: row.cards ?? null,
      version: row.version ?? 0,
      updatedAt: row.updatedAt ? row.updatedAt.toISOString() : null,
    }));
  }

  /** Saves a role's layout: known card ids only, no repeats; `version` 0 for a role without one. */
  async save(tx: Tx, session: Session, request: HomeCardSaveRequest): Promise<{ version: number }> {
    await this.permissions.assertHas(tx, session, HOME_CARDS_EDIT_PERMISSION);
    const unknown = request.cards.filter((id) => !isHomeCardId(id));
    if (unknown.length > 0) throw new AppError(ResponseCode.invalidInput, 'homeCardsUnknown', { ids: unknown.join(', ') });
    if (new Set(request.cards).size !== request.cards.length) throw new AppError(ResponseCode.invalidInput, 'homeCardsRepeated');
    if (!(await repo.roleExists(tx, request.roleId))) throw new AppError(ResponseCode.notFound, 'homeCardsRoleNotFound');
    const existing = await repo.layoutForUpdate(tx, request.roleId);
    let version: number | undefined;
    if (!existing) {
      version = request.version === 0 ? await repo.insert(tx, { tenantId: session.tenantId, roleId: request.roleId, cards: request.cards, userId: session.userId }) : undefined;
    } else {
      version = await repo.update(tx, request.roleId, request.version, request.cards, session.userId);
    }
    if (version === undefined) throw new AppError(ResponseCode.conflict, 'homeCardsStale');
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { version };
  }

  /** Back to the default: the role's layout is removed (nothing to remove is fine). */
  async reset(tx: Tx, session: Session, request: HomeCardResetRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, HOME_CARDS_EDIT_PERMISSION);
    if (!(await repo.roleExists(tx, request.roleId))) throw new AppError(ResponseCode.notFound, 'homeCardsRoleNotFound');
    await repo.remove(tx, request.roleId);
    await this.permissions.forgetTenant(tx, session.tenantId);
  }
}
