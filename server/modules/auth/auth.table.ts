import { foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Login sessions. Only the SHA-256 of a token is stored. On rotation the replaced hash moves to
 * `previous_token_hash` and stays valid until `previous_valid_until` (a short grace).
 */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenIssuedAt: timestamptz('token_issued_at').notNull().defaultNow(),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: timestamptz('previous_valid_until'),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** sliding idle expiry: last activity + XIAOWU_SESSION_IDLE_MINUTES */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** why it ended: 'logout', 'password', 'elsewhere' (XIAOWU_SINGLE_SESSION: the user logged in elsewhere) */
    revokeReason: text('revoke_reason'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Looked up by hash before the tenant is known (xiaowu_resolve_session): hashes are globally unique.
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_previous_token_hash_idx').on(t.previousTokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    foreignKey({ name: 'sessions_user_fk', columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** Per-tenant password strategy (SPEC §3 "Password strategy"); absent row → built-in default. */
export const passwordPolicies = pgTable('password_policies', {
  tenantId: tenantIdColumn().primaryKey(),
  /** regular expression (JavaScript syntax, also sent to the client) */
  rule: text('rule').notNull(),
  descriptionZh: text('description_zh').notNull(),
  descriptionEn: text('description_en').notNull(),
  ...auditColumns(),
});

/** Global: captcha answers (hashed), single use, short-lived. Issued before any tenant is known. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Global: failed login attempts, for throttling per account and per client address. Global because
 * attempts name schools that may not exist and one address may try several schools.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey(),
    /** `<tenant code>/<username>` */
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    failedAt: timestamptz('failed_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.failedAt), index('login_failures_ip_idx').on(t.ip, t.failedAt)],
);

/** Global: the RSA key pair for password fields and request encryption; the private key never leaves. */
export const securityKeys = pgTable('security_keys', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * Global: nonces of encrypted requests already accepted (replay refusal across instances). A nonce
 * is kept until its request's timestamp leaves the accepted window; expired rows are purged.
 */
export const requestNonces = pgTable(
  'request_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('request_nonces_expires_idx').on(t.expiresAt)],
);
