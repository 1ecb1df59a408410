import { ensureSecurityKey } from '../modules/auth/auth.service';
import { tenants } from '../modules/tenants/tenants.table';
import { prepareAppLogin } from './app-login';
import { connectDatabase, type Database } from './client';
import { migrateDatabase, withBootstrapLock } from './migrate';
import { seedDemoData } from './seed';

export interface BootstrapReport {
  /** codes of the demo tenants seeded by this run (empty when the database already had tenants) */
  seeded: string[];
  ms: { migrate: number; seed: number };
}

export interface BootstrapOptions {
  seedDemo: boolean;
  /**
   * Also make the app's login ready (server/db/app-login.ts): `ownerUrl` is the owner's connection
   * string `db` was opened with; `appDatabaseUrl` an operator's ready-made login (XIAOWU_APP_DATABASE_URL).
   */
  appLogin?: { ownerUrl: string; appDatabaseUrl?: string };
}

/**
 * Makes a database ready, as its owner: migrations, the RSA key pair, the demo tenants on first start
 * (a database without any tenant) and, when asked, the app's login role. Serialised by an advisory
 * lock, so parallel instances are safe.
 */
export async function bootstrapDatabase(db: Database, options: BootstrapOptions): Promise<BootstrapReport & { appDatabaseUrl?: string }> {
  return withBootstrapLock(db.pool, async () => {
    const started = Date.now();
    await migrateDatabase(db.pool);
    await ensureSecurityKey(db);
    const appDatabaseUrl = options.appLogin ? await prepareAppLogin(db.pool, options.appLogin.ownerUrl, options.appLogin.appDatabaseUrl) : undefined;
    const migrated = Date.now();
    let seeded: string[] = [];
    if (options.seedDemo) {
      const anyTenant = await db.owner.select({ id: tenants.id }).from(tenants).limit(1);
      if (anyTenant.length === 0) seeded = Object.keys(await seedDemoData(db));
    }
    return { seeded, ms: { migrate: migrated - started, seed: Date.now() - migrated }, appDatabaseUrl };
  });
}

/**
 * The server's database: set-up as the owner over a short-lived connection (closed before the app
 * serves anything), then the app's pool logged in as the login role, which is not the owner.
 */
export async function openAppDatabase(
  ownerUrl: string,
  options: { seedDemo: boolean; appDatabaseUrl?: string; maxConnections?: number },
): Promise<{ db: Database; appDatabaseUrl: string; report: BootstrapReport }> {
  const owner = connectDatabase(ownerUrl, { maxConnections: 2 });
  let report: Awaited<ReturnType<typeof bootstrapDatabase>>;
  try {
    report = await bootstrapDatabase(owner, { seedDemo: options.seedDemo, appLogin: { ownerUrl, appDatabaseUrl: options.appDatabaseUrl } });
  } finally {
    await owner.close();
  }
  const appDatabaseUrl = report.appDatabaseUrl!;
  return { db: connectDatabase(appDatabaseUrl, { maxConnections: options.maxConnections }), appDatabaseUrl, report };
}
