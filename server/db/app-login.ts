import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { APP_ROLE } from './client';
import { pgErrorCode } from './unique';

/**
 * The login role of the app's pool (migration 0023). Migrations and set-up run as the owner
 * (DATABASE_URL, or the embedded cluster's superuser); requests run as this role, which owns nothing
 * and reaches data only as a member of xiaowu_app.
 *
 * Its password, unless the operator gives a ready-made login (XIAOWU_APP_DATABASE_URL), is derived
 * from the owner's: HMAC-SHA256(owner password, role name). Every instance and every database on the
 * cluster derives the same one, so starting one never locks out the others (a random password per
 * start would), and nothing is stored. It is set as a SCRAM verifier (the password itself never
 * reaches the server's statement log), only when logging in with it fails.
 */
export const APP_LOGIN_ROLE = 'xiaowu_server';

/** The login role's password for an owner password ('' or undefined: none, the login then carries none either). */
export function derivedLoginPassword(ownerPassword: string | undefined, role = APP_LOGIN_ROLE): string | undefined {
  if (!ownerPassword) return undefined;
  return createHmac('sha256', ownerPassword).update(`xiaowu login role ${role}`).digest('base64url');
}

/** A SCRAM-SHA-256 verifier of a password, as PostgreSQL stores it (RFC 5803 / 7677). */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** `url` logging in as `user` with `password` (none: the URL carries none). */
export function withLogin(url: string, user: string, password: string | undefined): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = password ? encodeURIComponent(password) : '';
  return parsed.toString();
}

/** The user and password a connection string names (the driver's defaults when it names none). */
export function loginOf(url: string): { user: string; password: string | undefined } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username) || process.env.PGUSER || '';
  const password = parsed.password ? decodeURIComponent(parsed.password) : process.env.PGPASSWORD || undefined;
  return { user, password };
}

/** What the app's login role may not have: any of these makes the role check refuse it. */
export interface LoginRoleFacts {
  rolsuper: boolean;
  rolbypassrls: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolreplication: boolean;
  /** tables, views, sequences, functions, schemas and types of this database the role owns */
  owned: number;
  /** holds xiaowu_app's rights without SET ROLE (a member that inherits): SET ROLE xiaowu_app works, and so
   * do the few statements run on the bare pool (the rate-limit counters) */
  app_member: boolean;
}

/** Why a login role is unfit for the app's pool, or null. */
export function loginRoleProblem(role: string, facts: LoginRoleFacts | undefined): string | null {
  if (!facts) return `the role ${role} does not exist`;
  const extra = [
    facts.rolsuper && 'SUPERUSER',
    facts.rolbypassrls && 'BYPASSRLS',
    facts.rolcreaterole && 'CREATEROLE',
    facts.rolcreatedb && 'CREATEDB',
    facts.rolreplication && 'REPLICATION',
  ].filter(Boolean);
  if (extra.length) return `the role ${role} has ${extra.join(', ')}: the app's login must be a plain role`;
  if (facts.owned > 0) return `the role ${role} owns ${facts.owned} objects of this database: the app's login must own nothing (give the owner as DATABASE_URL)`;
  if (!facts.app_member) return `the role ${role} does not inherit ${APP_ROLE} (grant it, and no NOINHERIT)`;
  return null;
}

type Queryable = Pick<pg.Pool, 'query'>;

/** Facts about a role, read by the owner (undefined: no such role). */
export async function loginRoleFacts(owner: Queryable, role: string): Promise<LoginRoleFacts | undefined> {
  const { rows } = await owner.query<LoginRoleFacts>(
    `SELECT r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb, r.rolreplication,
            pg_has_role(r.oid, $2, 'USAGE') AS app_member,
            ((SELECT count(*) FROM pg_class WHERE relowner = r.oid)
             + (SELECT count(*) FROM pg_proc WHERE proowner = r.oid)
             + (SELECT count(*) FROM pg_namespace WHERE nspowner = r.oid)
             + (SELECT count(*) FROM pg_type WHERE typowner = r.oid AND typrelid = 0 AND typcategory <> 'A'))::int AS owned
     FROM pg_roles r WHERE r.rolname = $1`,
    [role, APP_ROLE],
  );
  return rows[0];
}

/** Tries to log in; the SQLSTATE of a refused login, or null when it worked. */
async function loginRefusal(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, application_name: 'xiaowu-login-check' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return null;
  } catch (error) {
    return pgErrorCode(error) ?? (error instanceof Error ? error.message : String(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Changes a role through migration 0023's functions (DDL takes no parameters; they do), again when
 * another database's start changed the role at the same moment.
 */
async function alterRole(owner: Queryable, change: { grantAppRole: string } | { role: string; verifier: string }): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if ('grantAppRole' in change) await owner.query('SELECT xiaowu_grant_app_role($1)', [change.grantAppRole]);
      else await owner.query('SELECT xiaowu_set_login_password($1, $2)', [change.role, change.verifier]);
      return;
    } catch (error) {
      // 'tuple concurrently updated': two clusters' worth of starts never serialise on our lock
      if (pgErrorCode(error) !== 'XX000' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export class AppLoginError extends Error {}

/**
 * Makes the app's login ready (as the owner, under the bootstrap lock) and returns the connection
 * string of the app's pool. `given`: the operator's own login (XIAOWU_APP_DATABASE_URL), which gets
 * xiaowu_app when it lacks it; else `role` (xiaowu_server; tests name another) on the owner's server
 * and database.
 */
export async function prepareAppLogin(owner: Queryable, ownerUrl: string, given?: string, role = APP_LOGIN_ROLE): Promise<string> {
  if (given) {
    const { user } = loginOf(given);
    if (!user) throw new AppLoginError('XIAOWU_APP_DATABASE_URL names no user');
    let facts = await loginRoleFacts(owner, user);
    // refuse an unfit role before granting it anything
    if (facts && loginRoleProblem(user, { ...facts, app_member: true })) throw new AppLoginError(`XIAOWU_APP_DATABASE_URL: ${loginRoleProblem(user, facts)}`);
    if (facts && !facts.app_member) {
      await alterRole(owner, { grantAppRole: user });
      facts = await loginRoleFacts(owner, user);
    }
    const problem = loginRoleProblem(user, facts);
    if (problem) throw new AppLoginError(`XIAOWU_APP_DATABASE_URL: ${problem}`);
    const refused = await loginRefusal(given);
    if (refused) throw new AppLoginError(`XIAOWU_APP_DATABASE_URL: the role ${user} could not log in (${refused})`);
    return given;
  }

  const password = derivedLoginPassword(loginOf(ownerUrl).password, role);
  const url = withLogin(ownerUrl, role, password);
  const problem = loginRoleProblem(role, await loginRoleFacts(owner, role));
  if (problem) throw new AppLoginError(`${problem} (migration 0023 makes it; an operator changed it?)`);
  const refused = await loginRefusal(url);
  if (refused === null) return url;
  // 28P01 wrong password, 28000 no pg_hba entry or a role that may not log in
  if (password === undefined) {
    throw new AppLoginError(
      `the app's login role ${role} could not log in (${refused}): DATABASE_URL carries no password to derive one from; ` +
        `give the app a login of its own as XIAOWU_APP_DATABASE_URL`,
    );
  }
  await alterRole(owner, { role, verifier: scramVerifier(password) });
  const again = await loginRefusal(url);
  if (again) throw new AppLoginError(`the app's login role ${role} could not log in (${again}): check pg_hba.conf lets it connect with a password`);
  return url;
}
