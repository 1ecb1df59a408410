import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the once-key secret lives, under the data directory (beside the files; back it up with them). */
export const surveySecretPath = (dataDir: string) => path.join(dataDir, 'secrets', 'survey-once-key');

/**
 * The server's secret for anonymous once-keys (review H2): 32 random bytes kept in
 * `<dataDir>/secrets/survey-once-key` (mode 0600), made at the first start. Several servers of one
 * installation share the data directory (the files are there too), so they share the secret; two
 * processes starting at once both end with the first one written. Losing the file only means a
 * person could answer an anonymous per-person questionnaire they already answered once more.
 */
export function loadSurveySecret(dataDir: string): Buffer {
  const file = surveySecretPath(dataDir);
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  try {
    const secret = read();
    if (secret.length >= 32) return secret;
    throw new Error(`${file}: the secret is shorter than 32 bytes (64 hex digits)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // the data directory first, with the default mode: a recursive mkdir would give it 0700 too, and the
  // embedded database (run as the postgres user when the server runs as root) could then not reach <dataDir>/pg
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // written aside, then linked into place: a concurrent start never reads a half-written file
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return read();
}
