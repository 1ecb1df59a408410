import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { isUuid } from '../../contracts/ids';

export type Schema = typeof schema;
export type Orm = NodePgDatabase<Schema>;
/** A Drizzle transaction. Service code gets one only from withTenant / withAppRole. */
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** The role every request runs as (created by migration 0001). */
export const APP_ROLE = 'xiaowu_app';

/** A transaction running as the app role. Tenant rows become visible once a tenant is entered. */
export interface AppScope {
  tx: Tx;
  readonly tenantId: string | null;
  /** Binds this transaction to a tenant (row-level security compares with it). Once per transaction. */
  enterTenant(tenantId: string): Promise<void>;
  /**
   * Finds the live session of a token hash and binds this transaction to its tenant, in one round
   * trip (every logged-in call starts here). Returns undefined, leaving no tenant bound, when the
   * token is unknown, revoked or expired.
   */
  enterSession(tokenHash: string): Promise<ResolvedSessionRow | undefined>;
}

/** A row of xiaowu_resolve_session() (migration 0001). */
export type ResolvedSessionRow = {
  tenant_id: string;
  session_id: string;
  user_id: string;
  via_previous_token: boolean;
  token_age_seconds: number;
  idle_seconds: number;
  expires_in_seconds: number;
};

export interface Database {
  /**
   * The connections, as whoever the connection string names: the server's own pool logs in as the
   * plain login role (app-login.ts: xiaowu_server, member of xiaowu_app, owns nothing); set-up
   * (bootstrap.ts openAppDatabase) and tests' own checks open one as the owner.
   */
  pool: pg.Pool;
  /**
   * The connecting user's own access. On an owner connection: migrations, bootstrap (keys, tenants)
   * and test setup only. On the app's pool it is the login role's (xiaowu_app's, under row-level
   * security), so request work never uses it.
   */
  owner: Orm;
  /** Runs `work` in one transaction as the app role, bound to `tenantId`. */
  withTenant<T>(tenantId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the app role with no tenant: only global tables (tenants, captchas…) are visible. */
  withGlobal<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the app role; the tenant is entered later, once known (session lookup, login). */
  withAppRole<T>(work: (scope: AppScope) => Promise<T>): Promise<T>;
  /**
   * One app-role transaction for a logged-in call: switches role, finds the session of the token hash
   * and binds its tenant in the transaction's first statement (every logged-in call starts here, so
   * round trips count). `session` is undefined, and no tenant bound, for an unknown or expired token.
   */
  withSession<T>(tokenHash: string, work: (scope: AppScope, session: ResolvedSessionRow | undefined) => Promise<T>): Promise<T>;
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

  const resolveSessionSql = (tokenHash: string, alsoSwitchRole: boolean) =>
    sql`SELECT ${alsoSwitchRole ? sql`set_config('role', ${APP_ROLE}, true) AS role_set,` : sql``}
               set_config('app.tenant_id', s.tenant_id::text, true) AS bound, s.*
        FROM xiaowu_resolve_session(${tokenHash}) AS s`;

  const firstRow = (rows: Record<string, unknown>[]): ResolvedSessionRow | undefined => {
    const row = rows[0];
    if (!row) return undefined;
    const { role_set: _role, bound: _bound, ...session } = row;
    return session as ResolvedSessionRow;
  };

  const openScope = (tx: Tx, boundTenantId: string | null): AppScope => {
    let tenantId = boundTenantId;
    const assertUnbound = () => {
      if (tenantId !== null) throw new Error(`transaction already bound to tenant ${tenantId}`);
    };
    return {
      tx,
      get tenantId() {
        return tenantId;
      },
      async enterTenant(id: string) {
        assertUnbound();
        if (!isUuid(id)) throw new Error(`not a tenant id: ${id}`);
        await tx.execute(sql`SELECT set_config('app.tenant_id', ${id}, true)`);
        tenantId = id;
      },
      async enterSession(tokenHash: string) {
        assertUnbound();
        const session = firstRow((await tx.execute(resolveSessionSql(tokenHash, false))).rows);
        if (session) tenantId = session.tenant_id;
        return session;
      },
    };
  };

  // set_config('role', …, true) is SET LOCAL ROLE: ends with the transaction, checks membership.
  const switchRole = (tx: Tx) => tx.execute(sql`SELECT set_config('role', ${APP_ROLE}, true)`);

  const withAppRole = <T>(work: (scope: AppScope) => Promise<T>): Promise<T> =>
    owner.transaction(async (tx) => {
      await switchRole(tx);
      return work(openScope(tx, null));
    });

  const withSession = <T>(
    tokenHash: string,
    work: (scope: AppScope, session: ResolvedSessionRow | undefined) => Promise<T>,
  ): Promise<T> =>
    owner.transaction(async (tx) => {
      // The function scan runs first, as the connecting user (a member of the app role); the
      // select list then switches role and binds the tenant for the rest of the transaction.
      const session = firstRow((await tx.execute(resolveSessionSql(tokenHash, true))).rows);
      if (!session) await switchRole(tx);
      return work(openScope(tx, session?.tenant_id ?? null), session);
    });

  return {
    pool,
    owner,
    withAppRole,
    withSession,
    withTenant: (tenantId, work) =>
      withAppRole(async (scope) => {
        await scope.enterTenant(tenantId);
        return work(scope.tx);
      }),
    withGlobal: (work) => withAppRole((scope) => work(scope.tx)),
    close: () => pool.end(),
  };
}
