import { ensureSecurityKey } from '../modules/auth/auth.service';
import { tenants } from '../modules/tenants/tenants.table';
import type { Database } from './client';
import { migrateDatabase, withBootstrapLock } from './migrate';
import { seedDemoData } from './seed';

export interface BootstrapReport {
  /** codes of the demo tenants seeded by this run (empty when the database already had tenants) */
  seeded: string[];
  ms: { migrate: number; seed: number };
}

/**
 * Makes a database ready: migrations, the RSA key pair, and the demo tenants on first start (a
 * database without any tenant). Serialised by an advisory lock, so parallel instances are safe.
 */
export async function bootstrapDatabase(db: Database, options: { seedDemo: boolean }): Promise<BootstrapReport> {
  return withBootstrapLock(db.pool, async () => {
    const started = Date.now();
    await migrateDatabase(db.pool);
    await ensureSecurityKey(db);
    const migrated = Date.now();
    let seeded: string[] = [];
    if (options.seedDemo) {
      const anyTenant = await db.owner.select({ id: tenants.id }).from(tenants).limit(1);
      if (anyTenant.length === 0) seeded = Object.keys(await seedDemoData(db));
    }
    return { seeded, ms: { migrate: migrated - started, seed: Date.now() - migrated } };
  });
}
