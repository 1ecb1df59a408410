/**
 * Creates a school from an archive written by `npm run tenant:export` (server/modules/tenant-archive):
 *
 *   npm run tenant:import -- <file>
 *
 * All or nothing: refused, with nothing written, when the archive is damaged, was written at another
 * schema version, or this deployment already has the school (same id, code or host name). A new
 * deployment (no database yet, or one never set up) is set up first, without the demo schools.
 * Database and files folder as for tenant:export (DATABASE_URL or the embedded cluster; XIAOWU_DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { importTenant } from '../modules/tenant-archive/tenant-archive.service';
import { fileStorageOf, openOwnerDatabase, reportFailure, setUpIfNew } from './tenant-archive-cli';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error('用法 / usage: npm run tenant:import -- <归档文件 archive file>');
    process.exit(2);
  }
  const { db, config, close } = await openOwnerDatabase({ createCluster: true });
  try {
    const report = await importTenant(db, fileStorageOf(config), { file, prepareDatabase: () => setUpIfNew(db) });
    console.log(`[xiaowu] ${report.tenant.code} (${report.tenant.name}) imported: ${report.rows} rows, ${report.files} files, ${report.ms} ms`);
  } finally {
    await close();
  }
}

main().catch(reportFailure('import'));
