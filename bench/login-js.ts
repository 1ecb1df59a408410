// Quick check (not part of npm run bench): gzipped JS /login loads from a given build directory.
// usage: npx tsx bench/login-js.ts <distDir> [path]
import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, extname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const dir = process.argv[2]!;
const path = process.argv[3] ?? '/login';
const types: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };
const server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  let file = join(dir, url.pathname);
  if (url.pathname.startsWith('/api/')) { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"code":1,"result":true,"msg":"","data":{}}'); return; }
  if (!existsSync(file) || url.pathname === '/') file = join(dir, 'index.html');
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}).listen(0);
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
const scripts = new Set<string>();
page.on('response', (r) => { const u = new URL(r.url()); if (u.pathname.endsWith('.js')) scripts.add(u.pathname); });
await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
let total = 0;
const rows: [number, string][] = [];
for (const s of scripts) { const n = gzipSync(readFileSync(join(dir, s))).length; total += n; rows.push([n, s]); }
rows.sort((a, b) => b[0] - a[0]);
for (const [n, s] of rows.slice(0, Number(process.env.ROWS ?? 12))) console.log(String(n).padStart(7), s);
console.log(`${path}: ${(total / 1024).toFixed(1)} KiB in ${scripts.size} files`);
await browser.close();
server.close();
