import { timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import {
  type CaptchaData,
  type ExpiresData,
  type LoginData,
  type LoginOptions,
  type LoginRequest,
  PASSWORD_MAX,
  type PwdStrategy,
  type SecurityKey,
} from '../../../contracts/session';
import type { AppConfig } from '../../config';
import type { AppScope, Database, ResolvedSessionRow, Tx } from '../../db/client';
import { fieldLabel, type Lang, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import { SessionMemory, TOUCH_INTERVAL_SECONDS } from '../../plugins/session';
import type { CacheBus } from '../../db/cache-bus';
import type { PermissionsService } from '../permissions/permissions.service';
import type { Tenant, TenantsService } from '../tenants/tenants.service';
import type { UsersService } from '../users/users.service';
import { authRepository } from './auth.repository';
import type { ClientMeta, Session, SessionTouch } from './session.types';
import { DEFAULT_PASSWORD_RULE, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { ensureFirstSecurityKey, SecurityKeyRing } from './keys';
import { hashCaptchaAnswer, hashToken, newSessionToken } from './tokens';
import { isUuid } from '../../../contracts/ids';

/** A live session, as found by its token. */
const CAPTCHA_TTL_SECONDS = 5 * 60;

type Outcome<T> = { ok: true; value: T } | { ok: false; error: AppError };
const failed = (error: AppError): Outcome<never> => ({ ok: false, error });

/** Generates the RSA key pair on first start (owner connection). Private key never leaves the server. */
export const ensureSecurityKey = ensureFirstSecurityKey;

/** Login, sessions (lookup, sliding expiry, token renewal, logout), captcha, passwords, RSA key. */
export class AuthService {
  /** RSA keys (password fields, request signatures); rotation keeps the previous key for a grace */
  readonly keys: SecurityKeyRing;
  /** live sessions in memory (the route helper's fromMemory path), evicted through the cache bus */
  readonly sessions: SessionMemory;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly tenants: TenantsService,
    private readonly users: UsersService,
    private readonly permissions: PermissionsService,
    bus: CacheBus,
  ) {
    this.keys = new SecurityKeyRing(db, config.requestEncryption.keyGraceMinutes);
    this.sessions = new SessionMemory(bus, config, (tenantId, seen) =>
      db.withTenant(tenantId, (tx) => authRepository.touchSessionsSeen(tx, seen, config.sessionIdleMinutes)),
    );
  }

  // ---------------------------------------------------------------- login form

  async loginOptions(tenantByHost: Tenant | null, tx: Tx, lang: Lang): Promise<LoginOptions> {
    const pick = (tenant: Tenant) => ({ code: tenant.code, name: lang === 'en' && tenant.nameEn ? tenant.nameEn : tenant.name });
    return {
      captchaEnabled: this.config.captchaEnabled,
      tenant: tenantByHost ? pick(tenantByHost) : null,
      tenants: tenantByHost ? [] : (await this.tenants.listEnabled(tx)).map(pick),
      requestEncryption: this.config.requestEncryption.enabled,
    };
  }

  async createCaptcha(): Promise<CaptchaData> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, color: true, ignoreChars: '0oO1lIi', background: '#f4f6f8' });
    const captchaId = uuidv7();
    await this.db.withGlobal(async (tx) => {
      await authRepository.purgeExpiredCaptchas(tx);
      await authRepository.insertCaptcha(tx, {
        id: captchaId,
        answerHash: hashCaptchaAnswer(captchaId, captcha.text),
        ttlSeconds: CAPTCHA_TTL_SECONDS,
      });
    });
    return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  private async captchaMatches(tx: Tx, captchaId: string, answer: string): Promise<boolean> {
    if (!isUuid(captchaId)) return false;
    const stored = await authRepository.takeCaptcha(tx, captchaId);
    if (!stored?.live) return false;
    const given = Buffer.from(hashCaptchaAnswer(captchaId, answer));
    return timingSafeEqual(given, Buffer.from(stored.answerHash));
  }

  // ---------------------------------------------------------------- throttling

  /** Seconds until another attempt is allowed, or 0 when not throttled. `ip` null: account only. */
  private async throttledFor(tx: Tx, accountKey: string, ip: string | null): Promise<number> {
    const { windowMinutes, maxPerAccount, maxPerIp } = this.config.loginThrottle;
    const byAccount = await authRepository.recentFailures(tx, { accountKey }, windowMinutes, maxPerAccount);
    const byIp = ip === null ? [] : await authRepository.recentFailures(tx, { ip }, windowMinutes, maxPerIp);
    const waits = [
      byAccount.length >= maxPerAccount ? byAccount[maxPerAccount - 1] : 0,
      byIp.length >= maxPerIp ? byIp[maxPerIp - 1] : 0,
    ];
    return Math.max(0, ...waits);
  }

  /** Another attempt on the same account is being checked right now (on any instance). */
  private attemptInProgress(): AppError {
    return new AppError(ResponseCode.rateLimited, 'attemptInProgress', {}, { retryAfterSeconds: 1 });
  }

  private tooManyFailures(seconds: number): AppError {
    const retryAfterSeconds = Math.ceil(seconds);
    return new AppError(
      ResponseCode.rateLimited,
      'tooManyFailures',
      { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
      { retryAfterSeconds },
    );
  }

  private async recordFailure(tx: Tx, accountKey: string, ip: string) {
    await authRepository.recordFailure(tx, { id: uuidv7(), accountKey, ip });
    await authRepository.purgeOldFailures(tx);
  }

  // ---------------------------------------------------------------- login / logout

  /**
   * `POST /api/login/v3`. One transaction: tenant, throttle, captcha, credentials, session. Failures
   * are returned out of the transaction (so the failure record and the used captcha are committed)
   * and thrown after it.
   */
  async login(input: LoginRequest, client: ClientMeta): Promise<LoginData> {
    const outcome = await this.db.withAppRole(async (scope): Promise<Outcome<{ token: string; userId: string }>> => {
      const { tx } = scope;
      const tenant = input.tenant
        ? await this.tenants.findByCode(tx, input.tenant)
        : client.host
          ? await this.tenants.findByHost(tx, client.host)
          : null;
      if (!tenant) {
        return failed(
          input.tenant
            ? new AppError(ResponseCode.invalidInput, 'tenantUnknown', { code: input.tenant })
            : new AppError(ResponseCode.invalidInput, 'tenantRequired'),
        );
      }

      const accountKey = `${tenant.code}/${input.username.toLowerCase()}`;
      if (!(await authRepository.claimAttempt(tx, accountKey))) return failed(this.attemptInProgress());
      const wait = await this.throttledFor(tx, accountKey, client.ip);
      if (wait > 0) return failed(this.tooManyFailures(wait));

      if (this.config.captchaEnabled) {
        if (!input.captchaId || !input.captcha) return failed(new AppError(ResponseCode.badCaptcha, 'captchaRequired'));
        if (!(await this.captchaMatches(tx, input.captchaId, input.captcha))) {
          return failed(new AppError(ResponseCode.badCaptcha, 'captchaWrong'));
        }
      }

      await scope.enterTenant(tenant.id);
      client.onCaller?.(tenant.id, null);
      const account = await this.users.findAccountByUsername(tx, input.username);
      // Locked (XIAOWU_LOCKOUT_*): refused whatever the password, until the lock passes by itself.
      if (account && (account.lockedForSeconds ?? 0) > 0) return failed(this.accountLocked(account.lockedForSeconds!));
      const passwordOk = account ? await verifyPassword(account.passwordHash, input.password) : await verifyAgainstDummy(input.password);
      if (!account || !passwordOk) {
        await this.recordFailure(tx, accountKey, client.ip);
        if (account) {
          const { attempts, minutes } = this.config.lockout;
          if ((await authRepository.failuresForLockout(tx, accountKey, minutes, account.lockedForSeconds)) >= attempts) {
            await authRepository.lockAccount(tx, account.id, minutes);
            return failed(this.accountLocked(minutes * 60));
          }
        }
        return failed(new AppError(ResponseCode.badCredentials, 'badCredentials'));
      }
      client.onCaller?.(tenant.id, account.id);
      if (!account.enabled) return failed(new AppError(ResponseCode.accountDisabled, 'accountDisabled'));

      await authRepository.clearAccountFailures(tx, accountKey);
      await authRepository.purgeEndedSessions(tx, account.id);
      const token = newSessionToken();
      const sessionId = uuidv7();
      // XIAOWU_SINGLE_SESSION: this login ends the others; their next call answers 50012
      if (this.config.singleSession) {
        await authRepository.revokeOtherSessions(tx, account.id, sessionId, 'elsewhere');
        await this.sessions.forgetUser(tx, tenant.id, account.id);
      }
      await authRepository.createSession(tx, {
        tenantId: tenant.id,
        id: sessionId,
        userId: account.id,
        tokenHash: hashToken(token),
        idleMinutes: this.config.sessionIdleMinutes,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 500),
      });
      return { ok: true, value: { token, userId: account.id } };
    });
    if (!outcome.ok) throw outcome.error;
    return { headerName: this.config.tokenHeaderName, token: outcome.value.token, userId: outcome.value.userId };
  }

  private accountLocked(seconds: number): AppError {
    const retryAfterSeconds = Math.ceil(seconds);
    return new AppError(ResponseCode.locked, 'accountLocked', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }, { retryAfterSeconds });
  }

  /**
   * The answer for a token without a live session: 50012 when a later login ended it
   * (XIAOWU_SINGLE_SESSION), else 90001.
   */
  async endedSessionError(tx: Tx, token: string): Promise<AppError> {
    const reason = await authRepository.sessionEndReason(tx, hashToken(token));
    return reason === 'elsewhere' ? new AppError(ResponseCode.loggedInElsewhere, 'loggedInElsewhere') : new AppError(ResponseCode.loginExpired, 'notLoggedIn');
  }

  async logout(tx: Tx, session: Session): Promise<true> {
    await authRepository.revokeSession(tx, session.sessionId);
    await this.sessions.forgetUser(tx, session.tenantId, session.userId);
    await this.permissions.forget(tx, session);
    return true;
  }

  /**
   * In the transaction that ends a user's sessions (disabled, deleted, password reset, account
   * initialised; no user: any of the school's): every instance stops accepting them from memory once
   * it commits.
   */
  forgetSessionsOf(tx: Tx, tenantId: string, userId?: string): Promise<void> {
    return this.sessions.forgetUser(tx, tenantId, userId);
  }

  // ---------------------------------------------------------------- sessions

  /** Finds the live session of a token (before the tenant is known) and binds its tenant, or null. */
  async resolveSession(scope: AppScope, token: string): Promise<Session | null> {
    const tokenHash = hashToken(token);
    return toSession(await scope.enterSession(tokenHash), tokenHash);
  }

  /** One transaction for a logged-in call: the token's session (or null) with its tenant bound. */
  withSession<T>(token: string, work: (scope: AppScope, session: Session | null) => Promise<T>): Promise<T> {
    const tokenHash = hashToken(token);
    const mark = this.sessions.mark();
    return this.db.withSession(tokenHash, (scope, row) => {
      const session = toSession(row, tokenHash);
      if (session) this.sessions.remember(session, mark);
      return work(scope, session);
    });
  }

  /** The live session of a token from memory alone, or null (then withSession asks the database). */
  recallSession(token: string): Session | null {
    return this.sessions.recall(hashToken(token));
  }

  /**
   * Activity on a session: slides the idle expiry (written at most every 30 s) and renews a token
   * older than tokenRotateMinutes. Returns the new token (or null) and whether the activity was
   * written, which the caller tells `sessions.markActivityWritten` once `tx` commits. The replaced
   * token keeps working for tokenGraceSeconds so requests already in flight don't fail.
   */
  async touchSession(tx: Tx, session: Session): Promise<SessionTouch> {
    const { sessionIdleMinutes, tokenRotateMinutes, tokenGraceSeconds } = this.config;
    if (!session.viaPreviousToken && session.tokenAgeSeconds >= tokenRotateMinutes * 60) {
      const token = newSessionToken();
      const rotated = await authRepository.rotateToken(tx, {
        sessionId: session.sessionId,
        oldHash: session.tokenHash,
        newHash: hashToken(token),
        graceSeconds: tokenGraceSeconds,
        idleMinutes: sessionIdleMinutes,
      });
      if (rotated) {
        // the old token now lives only for its grace: no instance may keep answering it from memory
        // (the user's sessions on other devices keep theirs)
        await this.sessions.forgetSession(tx, session);
        return { renewedToken: token, activityWritten: false };
      }
    }
    if (session.idleSeconds >= TOUCH_INTERVAL_SECONDS) {
      await authRepository.touchSession(tx, session.sessionId, sessionIdleMinutes);
      return { renewedToken: null, activityWritten: true };
    }
    return { renewedToken: null, activityWritten: false };
  }

  /** `GET /api/getExpires`: seconds left before the idle expiry (not extended by this call). */
  expiresIn(session: Session): ExpiresData {
    return { expiresIn: Math.max(0, Math.floor(session.expiresInSeconds)) };
  }

  // ---------------------------------------------------------------- passwords

  /** The tenant's rule, or the default when the tenant is unknown or has none. */
  async passwordStrategy(tx: Tx, tenant: Tenant | null, lang: Lang): Promise<PwdStrategy> {
    const policy = tenant ? await authRepository.passwordPolicy(tx) : undefined;
    if (!policy) return { rule: DEFAULT_PASSWORD_RULE, description: translate(lang, 'defaultPasswordRule') };
    return { rule: policy.rule, description: lang === 'en' ? policy.descriptionEn : policy.descriptionZh };
  }

  async securityKey(): Promise<SecurityKey> {
    const { kid, publicKey } = await this.keys.current();
    return { publicKey, kid };
  }

  /** RSA-OAEP(SHA-256) base64 → text (current key, or a previous one within its grace); null when it cannot be decrypted. */
  async decrypt(base64: string): Promise<string | null> {
    const plain = await this.keys.decrypt(base64);
    return plain === null ? null : plain.toString('utf8');
  }

  /**
   * `POST /api/saas/db/update/pwd`: both fields RSA-encrypted. Verifies the old password, applies
   * the strategy, stores the new argon2id hash and ends the user's other sessions.
   */
  async updatePassword(tx: Tx, session: Session, input: { oldPassword: string; newPassword: string }): Promise<true> {
    const decryptField = async (field: 'oldPassword' | 'newPassword') => {
      const plain = await this.decrypt(input[field]);
      if (plain === null) {
        throw new AppError(ResponseCode.invalidInput, (lang) => translate(lang, 'passwordUndecryptable', { field: fieldLabel(lang, field) }));
      }
      const trimmed = plain.trim();
      if (!trimmed) throw new AppError(ResponseCode.invalidInput, (lang) => translate(lang, 'fieldRequired', { field: fieldLabel(lang, field) }));
      return trimmed;
    };
    const oldPassword = await decryptField('oldPassword');
    const newPassword = await decryptField('newPassword');

    if (newPassword.length > PASSWORD_MAX) throw new AppError(ResponseCode.invalidInput, 'passwordTooLong', { max: PASSWORD_MAX });
    const tenant = await this.tenants.findById(tx, session.tenantId);
    const strategy = { zh: await this.passwordStrategy(tx, tenant, 'zh'), en: await this.passwordStrategy(tx, tenant, 'en') };
    if (!new RegExp(strategy.zh.rule).test(newPassword)) {
      throw new AppError(ResponseCode.invalidInput, (lang) => strategy[lang].description);
    }

    // Guessing the old password through a stolen session is throttled like logins.
    const accountKey = `password-change:${session.tenantId}/${session.userId}`;
    if (!(await authRepository.claimAttempt(tx, accountKey))) throw this.attemptInProgress();
    const wait = await this.throttledFor(tx, accountKey, null);
    if (wait > 0) throw this.tooManyFailures(wait);
    const account = await this.users.findAccountById(tx, session.userId);
    if (!account || !(await verifyPassword(account.passwordHash, oldPassword))) {
      // Recorded in its own transaction: the request's transaction rolls back with the error.
      await this.db.withGlobal((globalTx) => this.recordFailure(globalTx, accountKey, ''));
      throw new AppError(ResponseCode.badCredentials, 'oldPasswordWrong');
    }
    if (newPassword === oldPassword) throw new AppError(ResponseCode.invalidInput, 'newPasswordSameAsOld');

    await this.users.setPasswordHash(tx, account.id, await hashPassword(newPassword), session.userId);
    await authRepository.revokeOtherSessions(tx, account.id, session.sessionId, 'password');
    // the other sessions ended, and the must-change flag (in the cached grant) may have cleared
    await this.sessions.forgetUser(tx, session.tenantId, session.userId);
    await this.permissions.forgetUser(tx, session.tenantId, session.userId);
    return true;
  }
}

function toSession(row: ResolvedSessionRow | undefined, tokenHash: string): Session | null {
  if (!row) return null;
  return {
    tenantId: row.tenant_id,
    sessionId: row.session_id,
    userId: row.user_id,
    tokenHash,
    viaPreviousToken: row.via_previous_token,
    tokenAgeSeconds: Number(row.token_age_seconds),
    idleSeconds: Number(row.idle_seconds),
    expiresInSeconds: Number(row.expires_in_seconds),
  };
}
