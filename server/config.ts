import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TOKEN_HEADER } from '../contracts/session';
import { type BackupSettings, parseNightlyAt } from './modules/backups/backup-settings';
import { SWEEP_NAMES, type SweepName, type SweepSettings } from './db/sweep';
import { RATE_LIMITS, type RateLimits } from './plugins/rate-limit';

/** Everything the server reads from its environment, parsed once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** external PostgreSQL 15+ as its owner (migrations, set-up); undefined means the embedded cluster under `dataDir/pg` */
  databaseUrl: string | undefined;
  /**
   * XIAOWU_APP_DATABASE_URL: a ready-made login role for the app's pool (plain, owning nothing; the
   * server grants it xiaowu_app). Undefined: the server logs in as xiaowu_server (server/db/app-login.ts).
   */
  appDatabaseUrl: string | undefined;
  dataDir: string;
  /** embedded cluster port; undefined means pick a free one */
  pgPort: number | undefined;
  captchaEnabled: boolean;
  sessionIdleMinutes: number;
  /** a token older than this is replaced; the response carries the new one */
  tokenRotateMinutes: number;
  /** how long a replaced token keeps working, so parallel requests don't fail */
  tokenGraceSeconds: number;
  /** the header the login answer names (`headerName`); requests may also use `Authorization: Bearer` */
  tokenHeaderName: string;
  staticDir: string;
  /**
   * Behind a reverse proxy (XIAOWU_TRUST_PROXY): which X-Forwarded-For entries to believe for the
   * client address (login throttling and rate limits per address), protocol and host. false: none;
   * a hop count: that many proxies in front (the safe choice: the client cannot forge its address);
   * a list of proxy addresses/CIDRs: those are trusted; true ('on'): every hop, so the left-most
   * entry, which the client itself can write.
   */
  trustProxy: boolean | number | string[];
  loginThrottle: {
    windowMinutes: number;
    /** failed logins per (tenant, username) inside the window */
    maxPerAccount: number;
    /** failed logins per client address inside the window */
    maxPerIp: number;
  };
  /**
   * Account lockout (users.locked_until), on top of the short-term throttling: this many failed
   * logins of one account inside `minutes` lock it for `minutes`; it unlocks by itself.
   */
  lockout: { attempts: number; minutes: number };
  /** XIAOWU_SINGLE_SESSION=on: a new login ends the user's other sessions (their next call answers 50012) */
  singleSession: boolean;
  /** how long a user's granted permission set may be served from memory */
  permissionCacheSeconds: number;
  logLevel: string;
  /** Fastify's per-request log lines (XIAOWU_LOG_REQUESTS=on) */
  logRequests: boolean;
  /** origins other than our own allowed to call the API from a browser (XIAOWU_CORS_ORIGINS); empty: CORS closed */
  corsOrigins: string[];
  /** the app log (every call recorded in app_logs, written in the background; XIAOWU_APP_LOG) */
  appLog: {
    enabled: boolean;
    /** rows kept in memory while the database is slow or down; beyond it the oldest are dropped and counted */
    maxBuffered: number;
    flushIntervalMs: number;
    /** a flush starts early once this many rows wait */
    batchSize: number;
    /** rows older than this many days are removed (XIAOWU_APP_LOG_RETENTION_DAYS), checked every 6 hours (db/sweep.ts) */
    retentionDays: number;
  };
  /**
   * Request encryption (SPEC §7, XIAOWU_REQUEST_ENCRYPTION=on): non-GET calls off the public
   * whitelist must be signed and AES-encrypted; off: plain bodies (a sealed one is still opened). The
   * effective flag is deployment_settings.request_encryption (系统配置) when set, else this value.
   */
  requestEncryption: {
    enabled: boolean;
    /** accepted clock difference of the signed timestamp, either way */
    windowSeconds: number;
    /** after a key rotation, how long the previous key still opens requests and password fields */
    keyGraceMinutes: number;
  };
  /** limits of public calls per address and device (plugins/rate-limit.ts RATE_LIMITS; tests lower them) */
  rateLimits: RateLimits;
  /**
   * XIAOWU_PLATFORM_TENANT: code of the school whose administrators change the deployment's fields in
   * 系统配置 (record-filing number, request encryption); '' = none: nobody edits them from the screen
   * (the demo start and the e2e server set 'demo').
   */
  platformTenant: string;
  /**
   * Background sweeps (db/sweep.ts: one instance at a time, on a schedule the instances share):
   * XIAOWU_SWEEP_TICK_SECONDS (default 60) is how often an instance looks for due ones;
   * XIAOWU_SWEEP_INTERVALS (`name=seconds|off,…`, names in SWEEP_NAMES) changes a sweep's interval,
   * or keeps this instance from running it.
   */
  sweeps: SweepSettings;
  /** backups, WAL archiving, the nightly schedule and retention (modules/backups/backup-settings.ts) */
  backup: BackupSettings;
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const positiveNumber = (fallback: number) => z.coerce.number().min(0).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  XIAOWU_APP_DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'must be a postgres:// or postgresql:// URL',
  }),
  XIAOWU_DATA_DIR: z.string().trim().min(1).default('./data'),
  XIAOWU_PG_PORT: optionalText.transform((v) => (v === undefined ? undefined : Number(v))).pipe(z.number().int().min(1).max(65535).optional()),
  XIAOWU_CAPTCHA: z.enum(['on', 'off']).default('on'),
  XIAOWU_SESSION_IDLE_MINUTES: positiveNumber(120).refine((v) => v > 0, { message: 'must be above 0' }),
  XIAOWU_TOKEN_ROTATE_MINUTES: positiveNumber(30),
  XIAOWU_TOKEN_HEADER: z.string().trim().regex(/^[A-Za-z0-9-]+$/).default(DEFAULT_TOKEN_HEADER),
  XIAOWU_STATIC_DIR: z.string().trim().min(1).default('./dist'),
  XIAOWU_TRUST_PROXY: z
    .string()
    .trim()
    .default('off')
    .transform((v, ctx): boolean | number | string[] => {
      if (v === 'on' || v === 'off') return v === 'on';
      if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 20) return Number(v);
      const list = v.split(',').map((item) => item.trim()).filter(Boolean);
      if (list.length > 0 && list.every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item) && /[.:]/.test(item))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be on, off, a hop count (1-20) or a comma list of proxy addresses/CIDRs' });
      return z.NEVER;
    }),
  XIAOWU_LOG_REQUESTS: z.enum(['on', 'off']).default('off'),
  XIAOWU_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
  XIAOWU_LOCKOUT_MINUTES: positiveNumber(30).refine((v) => v > 0, { message: 'must be above 0' }),
  XIAOWU_SINGLE_SESSION: z.enum(['on', 'off']).default('off'),
  XIAOWU_REQUEST_ENCRYPTION: z.enum(['on', 'off']).default('off'),
  XIAOWU_REQUEST_WINDOW_SECONDS: positiveNumber(300).refine((v) => v > 0, { message: 'must be above 0' }),
  XIAOWU_KEY_GRACE_MINUTES: positiveNumber(60),
  XIAOWU_CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin must be scheme://host[:port]'))),
  XIAOWU_APP_LOG: z.enum(['on', 'off']).default('on'),
  XIAOWU_APP_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(180),
  XIAOWU_PLATFORM_TENANT: z.string().trim().max(64).default(''),
  XIAOWU_SWEEP_TICK_SECONDS: positiveNumber(60).refine((v) => v > 0, { message: 'must be above 0' }),
  XIAOWU_SWEEP_INTERVALS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const intervals: Partial<Record<SweepName, number | 'off'>> = {};
      for (const item of v.split(',').map((part) => part.trim()).filter(Boolean)) {
        const [name, value] = item.split('=').map((part) => part.trim());
        const seconds = Number(value);
        if (!SWEEP_NAMES.includes(name as SweepName) || !(value === 'off' || (value !== '' && seconds > 0))) {
          ctx.addIssue({ code: 'custom', message: `"${item}": each item must be name=seconds or name=off, the names ${SWEEP_NAMES.join(', ')}` });
          return z.NEVER;
        }
        intervals[name as SweepName] = value === 'off' ? 'off' : seconds * 1000;
      }
      return intervals;
    }),
  XIAOWU_BACKUP: z.enum(['on', 'off']).default('on'),
  XIAOWU_BACKUP_DIR: optionalText,
  XIAOWU_BACKUP_AT: z
    .string()
    .trim()
    .default('02:30')
    .transform((v, ctx) => {
      const at = parseNightlyAt(v);
      if (at === undefined) ctx.addIssue({ code: 'custom', message: 'must be HH:MM (school time) or off' });
      return at ?? null;
    }),
  XIAOWU_BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(3650).default(7),
  XIAOWU_BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  XIAOWU_BACKUP_KEEP_MANUAL: z.coerce.number().int().min(0).max(1000).default(5),
  XIAOWU_BACKUP_ARCHIVE_TIMEOUT: z.coerce.number().int().min(1).max(86_400).default(60),
  XIAOWU_BACKUP_PITR_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  XIAOWU_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Defaults for every setting; tests start from these and override what they exercise. */
export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const loaded = loadConfig({});
  // an app built without main.ts's embedded cluster (tests, tools) has nothing of its own to back up
  return { ...loaded, backup: { ...loaded.backup, mode: 'off' }, ...overrides };
}

/** Parses the environment; throws one readable error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.XIAOWU_APP_DATABASE_URL,
    dataDir: path.resolve(e.XIAOWU_DATA_DIR),
    pgPort: e.XIAOWU_PG_PORT,
    captchaEnabled: e.XIAOWU_CAPTCHA === 'on',
    sessionIdleMinutes: e.XIAOWU_SESSION_IDLE_MINUTES,
    tokenRotateMinutes: e.XIAOWU_TOKEN_ROTATE_MINUTES,
    tokenGraceSeconds: 60,
    tokenHeaderName: e.XIAOWU_TOKEN_HEADER,
    staticDir: path.resolve(e.XIAOWU_STATIC_DIR),
    trustProxy: e.XIAOWU_TRUST_PROXY,
    loginThrottle: { windowMinutes: 15, maxPerAccount: 5, maxPerIp: 20 },
    lockout: { attempts: e.XIAOWU_LOCKOUT_ATTEMPTS, minutes: e.XIAOWU_LOCKOUT_MINUTES },
    singleSession: e.XIAOWU_SINGLE_SESSION === 'on',
    permissionCacheSeconds: 60,
    logLevel: e.XIAOWU_LOG_LEVEL,
    logRequests: e.XIAOWU_LOG_REQUESTS === 'on',
    corsOrigins: e.XIAOWU_CORS_ORIGINS,
    appLog: {
      enabled: e.XIAOWU_APP_LOG === 'on',
      maxBuffered: 10_000,
      flushIntervalMs: 1000,
      batchSize: 500,
      retentionDays: e.XIAOWU_APP_LOG_RETENTION_DAYS,
    },
    requestEncryption: {
      enabled: e.XIAOWU_REQUEST_ENCRYPTION === 'on',
      windowSeconds: e.XIAOWU_REQUEST_WINDOW_SECONDS,
      keyGraceMinutes: e.XIAOWU_KEY_GRACE_MINUTES,
    },
    rateLimits: RATE_LIMITS,
    platformTenant: e.XIAOWU_PLATFORM_TENANT,
    sweeps: {
      // the first look a tick after start (a minute by default, as the sweeps' own timers did)
      firstTickMs: e.XIAOWU_SWEEP_TICK_SECONDS * 1000,
      tickMs: e.XIAOWU_SWEEP_TICK_SECONDS * 1000,
      intervals: e.XIAOWU_SWEEP_INTERVALS,
    },
    backup: {
      mode: e.XIAOWU_BACKUP === 'off' ? 'off' : e.DATABASE_URL ? 'files' : 'embedded',
      dir: path.resolve(e.XIAOWU_BACKUP_DIR ?? path.join(e.XIAOWU_DATA_DIR, 'backups')),
      archiveTimeoutSeconds: e.XIAOWU_BACKUP_ARCHIVE_TIMEOUT,
      nightlyAt: e.XIAOWU_BACKUP_AT,
      keep: { daily: e.XIAOWU_BACKUP_KEEP_DAILY, weekly: e.XIAOWU_BACKUP_KEEP_WEEKLY, manual: e.XIAOWU_BACKUP_KEEP_MANUAL },
      pointInTimeDays: e.XIAOWU_BACKUP_PITR_DAYS,
    },
  };
}
