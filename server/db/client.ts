import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Orm = NodePgDatabase<Schema>;
/** A Drizzle transaction. Service code gets one only from withTenant / withAppRole. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** The role every request runs as (created by migration 0001). */
export const APP_ROLE = 'xiaowu_app';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A transaction running as the app role. Tenant rows become visible once a tenant is entered. */
export interface AppScope {
  tx: Tx;
  readonly tenantId: string | null;
  /** Binds this transaction to a tenant (row-level security compares with it). Once per transaction. */
  enterTenant(tenantId: string): Promise<void>;
}

export interface Database {
  pool: pg.Pool;
  /**
   * The connecting user's own access: migrations, bootstrap (keys, tenants) and test setup only.
   * Never used for request work.
   */
  owner: Orm;
  /** Runs `work` in one transaction as the app role, bound to `tenantId`. */
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the app role with no tenant: only global tables (tenants, captchas…) are visible. */
  withGlobal<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the app role; the tenant is entered later, once known (session lookup, login). */
  withAppRole<T>(work: (scope: AppScope) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function connectDatabase(connectionString: string, options: { maxConnections?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    application_name: 'xiaowu',
  });
  // An idle client losing its connection (e.g. the database restarting) must not crash the process.
  pool.on('error', () => undefined);
  const owner = drizzle(pool, { schema });

  const withAppRole = <T>(work: (scope: AppScope) => Promise<T>): Promise<T> =>
    owner.transaction(async (tx) => {
      // set_config('role', …, true) is SET LOCAL ROLE: ends with the transaction, checks membership.
      await tx.execute(sql`SELECT set_config('role', ${APP_ROLE}, true)`);
      let tenantId: string | null = null;
      const scope: AppScope = {
        tx,
        get tenantId() {
          return tenantId;
        },
        async enterTenant(id: string) {
          if (tenantId !== null) throw new Error(`transaction already bound to tenant ${tenantId}`);
          if (!UUID_PATTERN.test(id)) throw new Error(`not a tenant id: ${id}`);
          await tx.execute(sql`SELECT set_config('app.tenant_id', ${id}, true)`);
          tenantId = id;
        },
      };
      return work(scope);
    });

  return {
    pool,
    owner,
    withAppRole,
    withTenant: (tenantId, work) =>
      withAppRole(async (scope) => {
        await scope.enterTenant(tenantId);
        return work(scope.tx);
      }),
    withGlobal: (work) => withAppRole((scope) => work(scope.tx)),
    close: () => pool.end(),
  };
}
