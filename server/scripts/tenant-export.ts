/**
 * Writes one school's rows and files to a portable archive (server/modules/tenant-archive):
 *
 *   npm run tenant:export -- <school code> [--out <file>]
 *
 * Default file: ./tenant-<code>-<UTC time>.tar.gz. Database: DATABASE_URL, or the embedded cluster
 * under XIAOWU_DATA_DIR (started here, so the server must be stopped; with a running embedded server
 * set XIAOWU_PG_PORT on it and pass DATABASE_URL=postgres://postgres:<pg.password>@127.0.0.1:<port>/postgres).
 * Files are read from XIAOWU_DATA_DIR/files.
 */
import { parseArgs } from 'node:util';
import { exportTenant } from '../modules/tenant-archive/tenant-archive.service';
import { fileStorageOf, openOwnerDatabase, reportFailure } from './tenant-archive-cli';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
  const code = positionals[0];
  if (!code || positionals.length > 1) {
    console.error('用法 / usage: npm run tenant:export -- <学校编号 school code> [--out <file>]');
    process.exit(2);
  }
  const out = values.out ?? `tenant-${code}-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z')}.tar.gz`;
  const { db, config, close } = await openOwnerDatabase({ createCluster: false });
  try {
    const report = await exportTenant(db, fileStorageOf(config), { code, out });
    const { manifest } = report;
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `[xiaowu] ${manifest.tenant.code} (${manifest.tenant.name}) → ${report.file}: ${rows} rows in ${manifest.tables.length} tables, ` +
        `${manifest.files.length} files, ${(report.bytes / 1024).toFixed(1)} KiB, schema ${manifest.schemaVersion.migration}, ${report.ms} ms`,
    );
    if (manifest.missingFiles.length) {
      console.warn(`[xiaowu] 以下文件在文件目录中缺失，未写入归档 / these files were missing from the files folder and are not in the archive:\n  ${manifest.missingFiles.join('\n  ')}`);
    }
  } finally {
    await close();
  }
}

main().catch(reportFailure('export'));
