/**
 * Rotates the RSA key of request encryption and password fields:
 *
 *   npx tsx server/scripts/rotate-key.ts
 *
 * A new key becomes current (its kid is printed); the previous ones keep opening requests for
 * XIAOWU_KEY_GRACE_MINUTES (default 60), after which the next rotation deletes them. Running
 * servers pick the new key up within 30 s. Database: DATABASE_URL, or the embedded cluster under
 * XIAOWU_DATA_DIR (started here, so the server must be stopped; with a running embedded server set
 * XIAOWU_PG_PORT on it and pass DATABASE_URL=postgres://postgres:<pg.password>@127.0.0.1:<port>/postgres).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { connectDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { rotateSecurityKey } from '../modules/auth/keys';

async function main() {
  const config = loadConfig();
  const cluster = config.databaseUrl ? undefined : await startEmbeddedPostgres({ clusterDir: path.join(config.dataDir, 'pg'), port: config.pgPort });
  const db = connectDatabase(config.databaseUrl ?? cluster!.connectionString);
  try {
    const kid = await rotateSecurityKey(db, config.requestEncryption.keyGraceMinutes);
    console.log(`[xiaowu] new current key ${kid}; previous keys stay valid for ${config.requestEncryption.keyGraceMinutes} min`);
  } finally {
    await db.close();
    await cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error('[xiaowu] key rotation failed:', error);
  process.exit(1);
});
