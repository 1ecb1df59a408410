// The server Playwright starts: the production build on a fresh database, captcha off.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, startServer } from './lib.mjs';

const port = process.env.E2E_PORT ?? '8181';
// One data directory per port, so two e2e runs on one machine never share a database.
const dataDir = process.env.XIAOWU_DATA_DIR ?? join(root, `data/e2e-${port}`);
if (!process.env.DATABASE_URL) rmSync(dataDir, { recursive: true, force: true });
const server = startServer({
  XIAOWU_DATA_DIR: dataDir,
  XIAOWU_CAPTCHA: 'off',
  // the demo school's administrators edit the deployment-wide settings (record number, encryption)
  XIAOWU_PLATFORM_TENANT: process.env.XIAOWU_PLATFORM_TENANT ?? 'demo',
  // Backups on as a deployment runs them (the WAL archive gzipped: a few KB per quiet minute), so
  // 系统配置's 立即备份 is real; but no nightly backup in the middle of a run.
  XIAOWU_BACKUP: process.env.XIAOWU_BACKUP ?? 'on',
  XIAOWU_BACKUP_AT: process.env.XIAOWU_BACKUP_AT ?? 'off',
  PORT: port,
  HOST: '127.0.0.1',
});
server.on('exit', (code) => process.exit(code ?? 0));
