// The /login JS ledger rule (bench/login-ledger.ts, checked by bench/dashboard-js.ts). Pure parsing: it lives
// in the server project only because vitest runs no bench/ files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLoginLedger, lastLedgerKiB } from '../../bench/login-ledger';

const doc = (ledger: string) => `## Keeping the first load light

Budgets: … (see the /login JS ledger below).

${ledger}

## Offline
- 999 KiB — not the ledger
`;

describe('lastLedgerKiB', () => {
  it('reads the last line of the ledger, past wrapped lines and nested items', () => {
    const ledger = `**/login JS ledger** (gzipped KiB; a growth of more than 2 KiB gets a line):

- 194.4 KiB — 1da22fc: when the ledger started
- 150 KiB — 2026-11-28: per-route catalogs; the route tree's
  loaders out of the entry
  - 20 KiB of it the main catalog
- 152.3KiB — abc1234: the captcha field`;
    expect(lastLedgerKiB(doc(ledger))).toBe(152.3);
  });

  it('stops at the paragraph after the list', () => {
    expect(lastLedgerKiB(doc('/login JS ledger:\n- 180 KiB — x: y\n\nA paragraph.\n- 500 KiB — after the paragraph'))).toBe(180);
  });

  it('says what is missing: no ledger, an empty one, a line without a figure', () => {
    expect(() => lastLedgerKiB('## Keeping the first load light\n')).toThrow('has no "/login JS ledger"');
    expect(() => lastLedgerKiB(doc('/login JS ledger:\n\nNothing yet.'))).toThrow('has no line "- <KiB> KiB');
    expect(() => lastLedgerKiB(doc('/login JS ledger:\n- 180 KiB — x: y\n- about 190 KiB — z'))).toThrow('"- about 190 KiB — z" does not start with "- <KiB> KiB"');
  });

  it('reads the ledger in ARCHITECTURE.md', () => {
    const figure = lastLedgerKiB(readFileSync(new URL('../../ARCHITECTURE.md', import.meta.url), 'utf8'));
    expect(figure).toBeGreaterThan(0);
    expect(figure).toBeLessThanOrEqual(200); // the /login budget
  });
});

describe('checkLoginLedger', () => {
  it('fails past the 2 KiB allowance, naming both figures and the line to add', () => {
    const verdict = checkLoginLedger(197.5 * 1024, 195);
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toContain('/login loads 197.5 KiB');
    expect(verdict.message).toContain('says 195.0 KiB: 2.5 KiB more');
    expect(verdict.message).toContain('- 197.5 KiB — <date or commit>: <why /login needs it>');
  });

  it('passes within the allowance either way', () => {
    expect(checkLoginLedger(197 * 1024, 195)).toMatchObject({ ok: true, message: expect.stringContaining('within 2 KiB') });
    expect(checkLoginLedger(193 * 1024, 195)).toMatchObject({ ok: true, message: expect.stringContaining('within 2 KiB') });
  });

  it('passes further under, with a hint to lower the ledger', () => {
    const verdict = checkLoginLedger(150 * 1024, 195);
    expect(verdict.ok).toBe(true);
    expect(verdict.message).toContain('45.0 KiB less');
    expect(verdict.message).toContain('- 150.0 KiB — <date or commit>: <what cut it>');
  });
});
