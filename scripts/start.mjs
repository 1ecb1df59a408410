// `npm start`: build the client when its sources changed, then serve app + API
// (embedded PostgreSQL under ./data unless DATABASE_URL is set).
import { clientBuildIsStale, npx, startServer } from './lib.mjs';

if (clientBuildIsStale()) {
  console.log('[xiaowu] building the client (sources changed since the last build)…');
  const code = await npx(['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
// The demo: the demo school's administrators edit the deployment-wide settings (record number,
// request encryption) in 系统配置; a real deployment names its own school (or none).
const server = startServer({ XIAOWU_PLATFORM_TENANT: process.env.XIAOWU_PLATFORM_TENANT ?? 'demo' });
server.on('exit', (code) => process.exit(code ?? 0));
