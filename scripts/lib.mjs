// Small helpers shared by the start, test and e2e scripts (plain Node, no build step).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Newest modification time of any file below the given paths (skips node_modules). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else if (!path.endsWith('routeTree.gen.ts')) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(join(root, p)));
  return newest;
}

const CLIENT_INPUTS = ['src', 'sw', 'contracts', 'public', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];

/** The client build is stale when any of its inputs changed after dist/index.html was written. */
export function clientBuildIsStale() {
  const built = join(root, 'dist/index.html');
  if (!existsSync(built)) return true;
  return newestMtime(CLIENT_INPUTS) > statSync(built).mtimeMs;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export const npx = (args, options) => run('npx', ['--no-install', ...args], options);

/** Starts the API server (TypeScript through tsx) and forwards stop signals to it. */
export function startServer(env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, ...env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  return child;
}
