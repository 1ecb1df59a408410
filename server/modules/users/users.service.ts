import { ResponseCode } from '../../../contracts/envelope';
import type { UserInfoRow, UserType } from '../../../contracts/session';

import type { Tx } from '../../db/client';

import { AppError } from '../../plugins/envelope';

import type { Session } from '../auth/session.types';

import { usersRepository } from './users.repository';
import { isUuid } from '../../../contracts/ids';

export interface UserAccount {
  id: string;
  username: string;
  name: string;
  userType: UserType;
  enabled: boolean;
  /** argon2id hash: for the auth service only, never sent */
  passwordHash: string;
  /** seconds until the lockout ends; null or ≤ 0: not locked */
  lockedForSeconds: number | null;
  /** an initial or reset password: the client asks for a new one (PermissionPayload.userInfo) */
  mustChangePassword: boolean;
}

/** Permission to look at other users' accounts (the users menu of system management). */
export const USER_ADMIN_PERMISSION = 'system_user';

export class UsersService {
  async findAccountByUsername(tx: Tx, username: string): Promise<UserAccount | null> {
    return (await usersRepository.findAccountByUsername(tx, username)) ?? null;
  }

  async findAccountById(tx: Tx, id: string): Promise<UserAccount | null> {
    return (await usersRepository.findAccountById(tx, id)) ?? null;
  }

  async setPasswordHash(tx: Tx, userId: string, passwordHash: string, changedBy: string): Promise<void> {
    await usersRepository.updatePasswordHash(tx, userId, passwordHash, changedBy);
  }

  /**
   * `POST /userManage/getUserInfo`: the account row of `userId` (a user id, or a username). Anyone
   * may read their own; others need system_user. PASSWORD is always ''.
   */
  async userInfoRows(
    tx: Tx,
    session: Session,
    userId: string,
    grantedCodes: () => Promise<ReadonlySet<string>>,
  ): Promise<UserInfoRow[]> {
    const account = isUuid(userId)
      ? await this.findAccountById(tx, userId)
      : await this.findAccountByUsername(tx, userId);
    const isSelf = account?.id === session.userId;
    if (!isSelf) {
      // Checked before "not found", so callers without the permission learn nothing about other accounts.
      if (!(await grantedCodes()).has(USER_ADMIN_PERMISSION)) throw new AppError(ResponseCode.forbidden, 'forbidden');
    }
    if (!account) throw new AppError(ResponseCode.notFound, 'userNotFound');
    return [{ ID: account.id, USERNAME: account.username, PASSWORD: '', ENABLED: account.enabled ? '1' : '0' }];
  }
}
