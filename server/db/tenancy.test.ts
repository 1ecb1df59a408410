import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18nEntries } from '../modules/i18n/i18n.table';
import { users } from '../modules/users/users.table';
import { buildTestApp, ownerQuery, type TestApp, tenantIdOf } from '../test/helpers';

let t: TestApp;
let demoId: string;
let kgId: string;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = await tenantIdOf(t.db, 'demo');
  kgId = await tenantIdOf(t.db, 'kg');
});
afterAll(() => t.close());

describe('schema shape', () => {
  it('every tenant table leads its primary key and foreign keys with tenant_id, with RLS enabled and forced', async () => {
    const tables = await ownerQuery<{ table_name: string }>(
      t.db,
      `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND t.table_type = 'BASE TABLE' ORDER BY 1`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(15);
    for (const { table_name } of tables) {
      const [rls] = await ownerQuery<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(
        t.db,
        `SELECT relrowsecurity, relforcerowsecurity FROM pg_class WHERE oid = $1::regclass`,
        [table_name],
      );
      expect(rls, table_name).toEqual({ relrowsecurity: true, relforcerowsecurity: true });

      const policies = await ownerQuery<{ policyname: string; qual: string }>(t.db, `SELECT policyname, qual FROM pg_policies WHERE tablename = $1`, [
        table_name,
      ]);
      expect(policies.find((p) => p.policyname === 'tenant_isolation')?.qual, table_name).toContain('app.tenant_id');

      const keys = await ownerQuery<{ contype: string; first_column: string; conname: string }>(
        t.db,
        `SELECT c.contype, c.conname, a.attname AS first_column
           FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
          WHERE c.conrelid = $1::regclass AND c.contype IN ('p', 'f')`,
        [table_name],
      );
      expect(keys.some((k) => k.contype === 'p'), `${table_name} has a primary key`).toBe(true);
      for (const key of keys) expect(key.first_column, `${table_name}.${key.conname}`).toBe('tenant_id');
    }
  });

  it('the app role is neither superuser nor exempt from RLS, and requests run as it', async () => {
    const [role] = await ownerQuery<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean }>(
      t.db,
      `SELECT rolsuper, rolbypassrls, rolcanlogin FROM pg_roles WHERE rolname = 'xiaowu_app'`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    const current = await t.db.withTenant(demoId, (tx) => tx.execute<{ who: string; tenant: string }>(sql`SELECT current_user AS who, current_setting('app.tenant_id') AS tenant`));
    expect(current.rows[0]).toEqual({ who: 'xiaowu_app', tenant: demoId });
  });
});

describe('row-level security', () => {
  it('a query that forgets the tenant filter sees only its own tenant', async () => {
    const [{ count: demoUsers }] = await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM users WHERE tenant_id = $1', [demoId]);
    const [{ count: allUsers }] = await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM users');
    expect(Number(allUsers)).toBeGreaterThan(Number(demoUsers));

    const seen = await t.db.withTenant(demoId, (tx) => tx.execute<{ tenant_id: string }>(sql`SELECT tenant_id FROM users`));
    expect(seen.rows.length).toBe(Number(demoUsers));
    expect(new Set(seen.rows.map((row) => row.tenant_id))).toEqual(new Set([demoId]));
  });

  it("UPDATE and DELETE of another tenant's rows by id affect nothing", async () => {
    const [kgAdmin] = await ownerQuery<{ id: string; name: string }>(t.db, `SELECT id, name FROM users WHERE tenant_id = $1 AND username = 'admin'`, [kgId]);
    const updated = await t.db.withTenant(demoId, (tx) => tx.update(users).set({ name: 'hacked' }).where(eq(users.id, kgAdmin.id)).returning({ id: users.id }));
    expect(updated).toHaveLength(0);
    const deleted = await t.db.withTenant(demoId, (tx) => tx.execute(sql`DELETE FROM i18n_entries WHERE tenant_id = ${kgId}`));
    expect(deleted.rowCount).toBe(0);
    const [after] = await ownerQuery<{ name: string }>(t.db, 'SELECT name FROM users WHERE id = $1', [kgAdmin.id]);
    expect(after.name).toBe(kgAdmin.name);
    const [{ count }] = await ownerQuery<{ count: string }>(t.db, 'SELECT count(*) FROM i18n_entries WHERE tenant_id = $1', [kgId]);
    expect(Number(count)).toBeGreaterThan(0);
  });

  it('an INSERT carrying another tenant id is refused', async () => {
    const attempt = t.db.withTenant(demoId, (tx) =>
      tx.insert(i18nEntries).values({ tenantId: kgId, id: uuidv7(), lang: 'zh', key: 'intruder', text: 'x' }),
    );
    await expect(attempt).rejects.toMatchObject({ cause: { code: '42501' } }); // insufficient_privilege: RLS WITH CHECK
    const rows = await ownerQuery(t.db, `SELECT 1 FROM i18n_entries WHERE key = 'intruder'`);
    expect(rows).toHaveLength(0);
  });

  it('without a tenant, tenant tables are empty and global tables readable', async () => {
    const result = await t.db.withGlobal(async (tx) => ({
      users: (await tx.execute(sql`SELECT 1 FROM users`)).rows.length,
      sessions: (await tx.execute(sql`SELECT 1 FROM sessions`)).rows.length,
      tenants: (await tx.execute(sql`SELECT 1 FROM tenants`)).rows.length,
    }));
    expect(result).toEqual({ users: 0, sessions: 0, tenants: expect.any(Number) });
    expect(result.tenants).toBeGreaterThanOrEqual(2);
  });

  it('the app role cannot write global tables it only reads', async () => {
    await expect(t.db.withGlobal((tx) => tx.execute(sql`UPDATE tenants SET name = 'x'`))).rejects.toMatchObject({ cause: { code: '42501' } });
  });

  it('a transaction cannot be moved to a second tenant', async () => {
    await expect(
      t.db.withAppRole(async (scope) => {
        await scope.enterTenant(demoId);
        await scope.enterTenant(kgId);
      }),
    ).rejects.toThrow(/already bound/);
  });
});

describe('RLS stays on in the seed and background paths', () => {
  /**
   * The owner connection (superuser / table owner: bypasses RLS) is for bootstrap only. Every use
   * of it in server/ may touch only global tables; the seed writes tenant rows through withTenant
   * (seed/school.ts), background writers through withTenant / withGlobal.
   */
  const OWNER_MAY_TOUCH = new Set(['tenants', 'securityKeys']);

  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return sources(full);
      return name.endsWith('.ts') && !name.endsWith('.test.ts') && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
    });

  it('the owner connection touches only global tables (tenants, security_keys)', async () => {
    const touched: string[] = [];
    let ownerLines = 0;
    for (const file of sources(path.resolve(__dirname, '..'))) {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!/\bowner\.(insert|update|delete|select)\b/.test(line)) continue;
        const tables = [...line.matchAll(/owner\.(?:insert|update|delete)\((\w+)\)|\.from\((\w+)\)/g)].map((m) => m[1] ?? m[2]);
        expect(tables.length, `${file}: ${line.trim()}`).toBeGreaterThan(0);
        ownerLines += 1;
        touched.push(...tables.filter((table) => !OWNER_MAY_TOUCH.has(table)).map((table) => `${path.basename(file)}: ${table}`));
      }
    }
    expect(ownerLines).toBeGreaterThanOrEqual(4); // bootstrap, seed (tenant row insert and cleanup), key rotation
    expect(touched).toEqual([]);
    for (const table of ['tenants', 'security_keys']) {
      const rows = await ownerQuery(t.db, `SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = 'tenant_id'`, [table]);
      expect(rows, `${table} is global`).toHaveLength(0);
    }
  });

  it('the seeded tenant rows went through RLS: each tenant sees exactly its own seed', async () => {
    for (const [id, other] of [
      [demoId, kgId],
      [kgId, demoId],
    ]) {
      const seen = await t.db.withTenant(id, (tx) => tx.execute<{ n: string; foreign: string }>(sql`SELECT count(*) AS n, count(*) FILTER (WHERE tenant_id = ${other}) AS foreign FROM users`));
      expect(Number(seen.rows[0].n)).toBeGreaterThan(0);
      expect(Number(seen.rows[0].foreign)).toBe(0);
    }
  });
});
