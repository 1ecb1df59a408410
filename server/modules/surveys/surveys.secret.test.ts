import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSurveySecret, surveySecretPath } from './surveys.secret';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the once-key secret', () => {
  it('is made once under <dataDir>/secrets (0700 / 0600) and read back the same', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-secret-'));
    made.push(root);
    const dataDir = path.join(root, 'data');
    const first = loadSurveySecret(dataDir);
    expect(first.length).toBe(32);
    expect(loadSurveySecret(dataDir).equals(first)).toBe(true);
    expect(fs.statSync(path.dirname(surveySecretPath(dataDir))).mode & 0o777).toBe(0o700);
    expect(fs.statSync(surveySecretPath(dataDir)).mode & 0o777).toBe(0o600);
  });

  it("leaves a new data directory's own mode as a plain mkdir makes it (the embedded database, run as postgres, must reach <dataDir>/pg)", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'xiaowu-secret-'));
    made.push(root);
    const plain = path.join(root, 'plain');
    fs.mkdirSync(plain);
    const dataDir = path.join(root, 'nested', 'data');
    loadSurveySecret(dataDir);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(fs.statSync(plain).mode & 0o777);
    expect(fs.statSync(path.dirname(dataDir)).mode & 0o777).toBe(fs.statSync(plain).mode & 0o777);
  });
});
