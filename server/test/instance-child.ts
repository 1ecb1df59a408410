/**
 * Loaded (`--import`) into every server process that `instances.ts` starts: the test process holds
 * this child's stdin pipe, so when the test process ends in any way (even killed outright) the pipe
 * closes and the server shuts itself down instead of living on as an orphan.
 */
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.on('error', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
