import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { ResponseCode } from '../../../contracts/envelope';
import {
  normaliseOrigin,
  publicOriginIssue,
  SETTINGS_EDIT_PERMISSION,
  type SettingsData,
  type SettingsSaveRequest,
  type TenantSettings,
} from '../../../contracts/settings';
import type { AppConfig } from '../../config';
import { type CacheBus, NO_TENANT, type SharedCache } from '../../db/cache-bus';
import type { Database, Tx } from '../../db/client';
import { type Lang, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import { requestHostName } from '../../plugins/tenancy';
import type { Session } from '../auth/session.types';
import type { Tenant } from '../tenants/tenants.service';
import { settingsRepository } from './settings.repository';

/**
 * How long the effective encryption flag may be served from memory. A save evicts it on every
 * instance through the cache bus; the expiry only bounds an edit made outside the app (SQL).
 */
const ENCRYPTION_FLAG_TTL_MS = 60_000;
/** How long the built config.json is kept in memory. */
const STATIC_CONFIG_TTL_MS = 5000;

const EMPTY_TENANT: TenantSettings = { loginTitle: '', loginFooter: '', pageTitle: '', publicOrigin: '', version: 0 };

/** The origin the caller reached us at (protocol and host honour XIAOWU_TRUST_PROXY). */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * 系统配置: per-school runtime settings, the deployment row (platform school only), `/config.json`
 * merged per school, the effective request-encryption flag and the public origin of outside links.
 */
export class SettingsService {
  /** the effective request-encryption flag (read by every non-GET call) */
  private readonly deployment: SharedCache<boolean>;
  private staticConfig: { value: Record<string, unknown>; until: number } | null = null;

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly bus: CacheBus,
  ) {
    this.deployment = bus.sharedCache({ name: 'deployment', ttlMs: ENCRYPTION_FLAG_TTL_MS, maxEntries: 1 });
  }

  /** The effective request-encryption flag: deployment_settings.request_encryption ?? the start-up value. */
  requestEncryption(): Promise<boolean> {
    return this.deployment.load('requestEncryption', { tenantId: NO_TENANT }, async () => {
      const stored = await this.db.withGlobal((tx) => settingsRepository.deployment(tx));
      return stored?.requestEncryption ?? this.config.requestEncryption.enabled;
    });
  }

  /** The built config.json (public/config.json in the build), {} when there is none. */
  async builtConfig(): Promise<Record<string, unknown>> {
    const now = Date.now();
    if (this.staticConfig && this.staticConfig.until > now) return this.staticConfig.value;
    let value: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(await readFile(path.join(this.config.staticDir, 'config.json'), 'utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) value = parsed as Record<string, unknown>;
    } catch {
      value = {};
    }
    this.staticConfig = { value, until: now + STATIC_CONFIG_TTL_MS };
    return value;
  }

  /**
   * `GET /config.json`: the built file, the deployment row over it (record number, encryption flag:
   * the effective one), then the school's non-empty fields when the school is known.
   */
  async publicConfig(tenant: Tenant | null): Promise<Record<string, unknown>> {
    const merged: Record<string, unknown> = { ...(await this.builtConfig()) };
    const deployment = await this.db.withGlobal((tx) => settingsRepository.deployment(tx));
    if (deployment?.recordNumber != null) merged.recordNumber = deployment.recordNumber;
    merged.requestEncryption = await this.requestEncryption();
    if (tenant) {
      const own = await this.db.withTenant(tenant.id, (tx) => settingsRepository.tenantSettings(tx));
      for (const field of ['loginTitle', 'loginFooter', 'pageTitle'] as const) {
        if (own?.[field]) merged[field] = own[field];
      }
    }
    return merged;
  }

  /** `POST /api/settings/get` */
  async get(tx: Tx, session: Session, granted: ReadonlySet<string>, request: FastifyRequest, lang: Lang = 'zh'): Promise<SettingsData> {
    const own = await settingsRepository.tenantSettings(tx);
    const deployment = await settingsRepository.deployment(tx);
    const built = await this.builtConfig();
    const platform = await settingsRepository.platformTenant(tx, this.config.platformTenant);
    const textOf = (key: string) => (typeof built[key] === 'string' ? (built[key] as string) : '');
    return {
      tenant: own
        ? { loginTitle: own.loginTitle, loginFooter: own.loginFooter, pageTitle: own.pageTitle, publicOrigin: own.publicOrigin, version: own.version }
        : EMPTY_TENANT,
      deployment: {
        recordNumber: deployment?.recordNumber ?? null,
        requestEncryption: deployment?.requestEncryption ?? null,
        version: deployment?.version ?? 1,
      },
      defaults: {
        loginTitle: textOf('loginTitle'),
        loginFooter: textOf('loginFooter'),
        pageTitle: textOf('pageTitle'),
        recordNumber: textOf('recordNumber'),
        requestEncryption: this.config.requestEncryption.enabled,
        publicOrigin: await this.listedOrigin(tx, request),
      },
      platformEditable: platform?.id === session.tenantId && granted.has(SETTINGS_EDIT_PERMISSION),
      // the screen's read-only note names it; none configured: says so (and where)
      platformTenantName: platform?.name ?? translate(lang, 'settingsNoPlatformTenant'),
    };
  }

  /**
   * `POST /api/settings/save`: the school's fields (version checked); the deployment fields only
   * from an administrator of the platform school: anyone else sending a changed value gets 40300
   * and nothing is saved. A new encryption flag applies on every instance once the save commits.
   */
  async save(tx: Tx, session: Session, request: SettingsSaveRequest): Promise<{ version: number }> {
    const publicOrigin = normaliseOrigin(request.publicOrigin);
    const issue = publicOriginIssue(publicOrigin);
    if (issue) throw new AppError(ResponseCode.invalidInput, issue);
    const values = { loginTitle: request.loginTitle, loginFooter: request.loginFooter, pageTitle: request.pageTitle, publicOrigin };

    if (request.deployment) {
      const current = await settingsRepository.deployment(tx);
      const changed =
        (current?.recordNumber ?? null) !== request.deployment.recordNumber || (current?.requestEncryption ?? null) !== request.deployment.requestEncryption;
      if (changed) {
        const platform = await settingsRepository.platformTenant(tx, this.config.platformTenant);
        if (!platform) throw new AppError(ResponseCode.forbidden, (lang: Lang) => translate(lang, 'settingsPlatformOnly', { name: translate(lang, 'settingsNoPlatformTenant') }));
        if (platform.id !== session.tenantId) throw new AppError(ResponseCode.forbidden, 'settingsPlatformOnly', { name: platform.name });
        const saved = await settingsRepository.updateDeployment(
          tx,
          request.deployment.version,
          { recordNumber: request.deployment.recordNumber, requestEncryption: request.deployment.requestEncryption },
          session.userId,
        );
        if (!saved) throw new AppError(ResponseCode.conflict, 'settingsStale');
        await this.bus.notify(tx, { caches: [this.deployment], tenantId: NO_TENANT });
      }
    }

    const saved =
      request.version === 0
        ? await settingsRepository.insertTenantSettings(tx, session.tenantId, values, session.userId)
        : await settingsRepository.updateTenantSettings(tx, request.version, values, session.userId);
    if (!saved) throw new AppError(ResponseCode.conflict, 'settingsStale');
    return { version: request.version + 1 };
  }

  /**
   * The origin of links and QR codes sent outside (public survey links, proof verification): the
   * school's public origin; unset, the one the request reached us at when its host is one the school
   * lists (tenants.hosts). Any other Host header is whatever the caller typed (`Host: evil.example`
   * would put the caller's site into the school's QR codes), so no link is made: 40000 asks for the
   * public address in 系统配置. '' from `listedOrigin` means the same for the settings screen.
   */
  async publicOrigin(tx: Tx, request: FastifyRequest): Promise<string> {
    const own = await settingsRepository.tenantSettings(tx);
    const origin = own?.publicOrigin || (await this.listedOrigin(tx, request));
    if (!origin) throw new AppError(ResponseCode.invalidInput, 'settingsPublicOriginUnset');
    return origin;
  }

  /** The origin the request reached us at when the school lists its host, else ''. */
  private async listedOrigin(tx: Tx, request: FastifyRequest): Promise<string> {
    return (await settingsRepository.schoolListsHost(tx, requestHostName(request))) ? requestOrigin(request) : '';
  }
}
