import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * SQL is parameterised: values go through drizzle's `sql` tag or `$n` parameters, never into the
 * query text. Fails on any `sql.raw(`, string-built query text passed to `.query(` / `.execute(`,
 * or SQL-looking template text with `${…}` outside the `sql` tag, unless allow-listed with a reason.
 * Test files are exempt (they build probes from table names they list themselves).
 */

const SERVER = path.resolve(__dirname, '..');

/** `path:line` → why it is safe */
const ALLOWED: Record<string, string> = {
  'db/scratch.ts:onServer':
    'CREATE/DROP DATABASE for throwaway test databases: the name is `<prefix>_<random hex>` made by the code, and DDL cannot take parameters',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'sql.raw', pattern: /\bsql\.raw\s*\(/ },
  // .query(`…${x}…`) or .query('…' + x): the text is built from values
  { name: 'built .query text', pattern: /\.(query|execute)\s*\(\s*(`[^`]*\$\{|['"][^'"]*['"]\s*\+)/ },
  // a template that reads like SQL with an interpolation, not tagged with sql
  { name: 'untagged SQL template', pattern: /(?<!sql)`\s*(SELECT|INSERT|UPDATE|DELETE|WITH|ALTER|DROP|CREATE)\b[^`]*\$\{/i },
  // .query(variable): text from elsewhere
  { name: '.query(variable)', pattern: /\.query\s*\(\s*[a-zA-Z_][\w.]*\s*[,)]/ },
];

describe('SQL is only parameterised', () => {
  it('no raw or string-built SQL in server/ outside the allow-list', () => {
    const files = sourceFiles(SERVER);
    expect(files.length).toBeGreaterThan(30);
    const findings: string[] = [];
    const used = new Set<string>();
    for (const file of files) {
      const relative = path.relative(SERVER, file).split(path.sep).join('/');
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        for (const rule of RULES) {
          if (!rule.pattern.test(line)) continue;
          // allow-listed by enclosing function name (stable across edits above it)
          const key = Object.keys(ALLOWED).find(
            (k) => k.startsWith(`${relative}:`) && lines.slice(Math.max(0, index - 10), index + 1).some((l) => l.includes(k.split(':')[1])),
          );
          if (key) used.add(key);
          else findings.push(`${relative}:${index + 1} ${rule.name}: ${line.trim()}`);
        }
      });
    }
    expect(findings).toEqual([]);
    // an allow-list entry that no longer matches anything should go
    expect([...used].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('the rules catch what they are meant to', () => {
    const hits = (line: string) => RULES.filter((rule) => rule.pattern.test(line)).map((rule) => rule.name);
    expect(hits("tx.execute(sql.raw(`SELECT * FROM users WHERE id = '${id}'`))")).toContain('sql.raw');
    expect(hits('pool.query(`SELECT * FROM users WHERE name = ${name}`)')).toContain('built .query text');
    expect(hits("pool.query('SELECT * FROM users WHERE name = ' + name)")).toContain('built .query text');
    expect(hits('const text = `DELETE FROM files WHERE id = ${id}`;')).toContain('untagged SQL template');
    expect(hits('client.query(statement)')).toContain('.query(variable)');
    expect(hits('tx.execute(sql`SELECT * FROM users WHERE id = ${id}`)')).toEqual([]);
    expect(hits("client.query('SELECT pg_advisory_lock($1)', [KEY])")).toEqual([]);
  });
});
