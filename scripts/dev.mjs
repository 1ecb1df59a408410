// `npm run dev`: the API server (restarted on change by tsx watch) and Vite's dev server with hot reload.
// Vite proxies the API paths (contracts/paths.ts) to the server on :8080.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  spawn('npx', ['--no-install', 'tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['--no-install', 'vite'], { cwd: root, stdio: 'inherit' }),
];
const stopAll = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
children.forEach((child) => child.on('exit', (code) => { stopAll('SIGTERM'); process.exitCode = code ?? 0; }));
