import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, ownerQuery, tenantIdOf, type TestApp } from '../test/helpers';
import { AppLoginError, derivedLoginPassword, loginOf, prepareAppLogin, scramVerifier, withLogin } from './app-login';
import { pgErrorCode } from './unique';

/**
 * The app's pool logs in as a plain role (migration 0023, server/db/app-login.ts), not as the owner:
 * what that login can and cannot do, and how a start makes it ready (the server's own xiaowu_server,
 * or an operator's ready-made login).
 */

let t: TestApp;
let demo: string;
let kg: string;
const ownerUrl = () => inject('databaseUrl');

beforeAll(async () => {
  t = await buildTestApp();
  demo = await tenantIdOf(t.db, 'demo');
  kg = await tenantIdOf(t.db, 'kg');
});
afterAll(async () => {
  await t.close();
});

/** One statement on a connection of the app's pool; the SQLSTATE when the database refuses it. */
async function asAppLogin<R extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[] | { refused: string | undefined }> {
  try {
    return (await t.appDb.pool.query<R>(text, values)).rows;
  } catch (error) {
    return { refused: pgErrorCode(error) };
  }
}

describe("the app's login role", () => {
  it('is neither a superuser nor the owner, and owns nothing', async () => {
    const [me] = (await asAppLogin<{ who: string; rolsuper: boolean; rolbypassrls: boolean; rolcreaterole: boolean; rolcreatedb: boolean; owned: number }>(
      `SELECT session_user::text AS who, r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb,
              ((SELECT count(*) FROM pg_class WHERE relowner = r.oid) + (SELECT count(*) FROM pg_proc WHERE proowner = r.oid))::int AS owned
       FROM pg_roles r WHERE r.rolname = session_user`,
    )) as { who: string; rolsuper: boolean; rolbypassrls: boolean; rolcreaterole: boolean; rolcreatedb: boolean; owned: number }[];
    expect(me).toEqual({ who: loginOf(inject('appDatabaseUrl')).user, rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false, owned: 0 });
    expect(me!.who).not.toBe(loginOf(ownerUrl()).user);
  });

  it('cannot become the owner or a superuser, create tables, or switch row-level security off', async () => {
    const ownerName = loginOf(ownerUrl()).user;
    expect(await asAppLogin(`SET ROLE ${pg.escapeIdentifier(ownerName)}`)).toEqual({ refused: '42501' });
    expect(await asAppLogin('SET ROLE postgres')).toEqual({ refused: expect.stringMatching(/^(42501|42704)$/) });
    expect(await asAppLogin('SET SESSION AUTHORIZATION postgres')).toEqual({ refused: expect.stringMatching(/^(42501|42704)$/) });
    expect(await asAppLogin('CREATE TABLE public.stolen (id int)')).toEqual({ refused: '42501' });
    expect(await asAppLogin('CREATE SCHEMA stolen')).toEqual({ refused: '42501' });
    expect(await asAppLogin('ALTER TABLE users DISABLE ROW LEVEL SECURITY')).toEqual({ refused: '42501' });
    expect(await asAppLogin('DROP POLICY tenant_isolation ON users')).toEqual({ refused: '42501' });
    expect(await asAppLogin(`CREATE ROLE stolen_${randomBytes(3).toString('hex')} SUPERUSER`)).toEqual({ refused: '42501' });
    expect(await asAppLogin("COPY users TO PROGRAM 'true'")).toEqual({ refused: '42501' });
  });

  it('sees no school’s rows without the tenant setting, and only its school’s with it', async () => {
    expect(await asAppLogin<{ n: number }>('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
    expect(await asAppLogin<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).toEqual([{ n: 0 }]);
    const [{ n: kgPeople }] = await ownerQuery<{ n: number }>(t.db, 'SELECT count(*)::int AS n FROM users WHERE tenant_id = $1', [kg]);
    expect(kgPeople).toBeGreaterThan(0);
    const seen = await t.appDb.withTenant(demo, async (tx) => {
      const { rows } = await tx.execute<{ mine: number; theirs: number }>(
        // drizzle's sql template: the two counts in one statement
        (await import('drizzle-orm')).sql`SELECT count(*) FILTER (WHERE tenant_id = ${demo})::int AS mine, count(*) FILTER (WHERE tenant_id = ${kg})::int AS theirs FROM users`,
      );
      return rows[0];
    });
    expect(seen!.mine).toBeGreaterThan(0);
    expect(seen!.theirs).toBe(0);
  });
});

describe('making the login ready at start', () => {
  const roleName = () => `xiaowu_t_${randomBytes(4).toString('hex')}`;
  const made: string[] = [];
  afterAll(async () => {
    for (const role of made) {
      await ownerQuery(t.db, `DROP OWNED BY ${pg.escapeIdentifier(role)}`).catch(() => undefined);
      await ownerQuery(t.db, `DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`);
    }
  });
  const makeRole = async (attributes: string, password = 'pw-' + randomBytes(6).toString('hex')) => {
    const role = roleName();
    made.push(role);
    await ownerQuery(t.db, `CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN ${attributes} PASSWORD ${pg.escapeLiteral(password)}`);
    return { role, url: withLogin(ownerUrl(), role, password) };
  };

  it('derives one password per owner password (every instance and database agree), none without one', () => {
    expect(derivedLoginPassword('secret')).toBe(derivedLoginPassword('secret'));
    expect(derivedLoginPassword('secret')).not.toBe(derivedLoginPassword('other'));
    expect(derivedLoginPassword('secret', 'a')).not.toBe(derivedLoginPassword('secret', 'b'));
    expect(derivedLoginPassword(undefined)).toBeUndefined();
    expect(derivedLoginPassword('')).toBeUndefined();
    expect(scramVerifier('x', Buffer.alloc(16), 4096)).toMatch(/^SCRAM-SHA-256\$4096:A{22}==\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/);
  });

  it('two starts at once make the same login and both can use it', async () => {
    const role = roleName();
    made.push(role);
    // as migration 0023 makes xiaowu_server: a login with no password yet
    await ownerQuery(t.db, `CREATE ROLE ${pg.escapeIdentifier(role)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION`);
    await ownerQuery(t.db, `GRANT xiaowu_app TO ${pg.escapeIdentifier(role)}`);
    const [first, second] = await Promise.all([prepareAppLogin(t.db.pool, ownerUrl(), undefined, role), prepareAppLogin(t.db.pool, ownerUrl(), undefined, role)]);
    expect(first).toBe(second);
    expect(loginOf(first).user).toBe(role);
    for (const url of [first, second]) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        expect((await client.query<{ who: string }>('SELECT session_user::text AS who')).rows).toEqual([{ who: role }]);
      } finally {
        await client.end();
      }
    }
  });

  it("takes an operator's plain login, granting it the app role", async () => {
    const { role, url } = await makeRole('NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE');
    expect(await prepareAppLogin(t.db.pool, ownerUrl(), url)).toBe(url);
    const [row] = await ownerQuery<{ member: boolean }>(t.db, `SELECT pg_has_role($1, 'xiaowu_app', 'MEMBER') AS member`, [role]);
    expect(row!.member).toBe(true);
  });

  it("refuses an operator's login with more rights than the app needs, or one that owns objects", async () => {
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), ownerUrl())).rejects.toThrow(/SUPERUSER|owns/);
    const createdb = await makeRole('CREATEDB');
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), createdb.url)).rejects.toThrow(/has CREATEDB/);
    // refused before anything is granted to it
    expect(await ownerQuery(t.db, `SELECT pg_has_role($1, 'xiaowu_app', 'MEMBER') AS member`, [createdb.role])).toEqual([{ member: false }]);
    // a member that does not inherit could SET ROLE but not run the statements the bare pool runs
    const noInherit = await makeRole('NOINHERIT');
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), noInherit.url)).rejects.toThrow(/does not inherit xiaowu_app/);
    const bypass = await makeRole('BYPASSRLS');
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), bypass.url)).rejects.toThrow(AppLoginError);
    const owning = await makeRole('');
    await ownerQuery(t.db, `CREATE TABLE public.${owning.role}_things (id int)`);
    await ownerQuery(t.db, `ALTER TABLE public.${owning.role}_things OWNER TO ${owning.role}`);
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), owning.url)).rejects.toThrow(/owns 1 objects/);
    await expect(prepareAppLogin(t.db.pool, ownerUrl(), withLogin(ownerUrl(), 'no_such_role_xyz', 'x'))).rejects.toThrow(/does not exist/);
  });
});
