import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

const journal: { entries: JournalEntry[] } = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));

describe('migration journal', () => {
  it('stamps migrations in strictly increasing order: drizzle skips one older than the last applied', () => {
    const stamps = journal.entries.map((entry) => entry.when);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_, index) => index));
  });

  it('lists exactly the SQL files of the folder', () => {
    const files = fs.readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).sort();
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files);
  });
});
