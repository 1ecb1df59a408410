// The rule that keeps /login light (issue 21): ARCHITECTURE.md's "/login JS ledger" records /login's gzipped
// JS, one line per change that grew it and why; bench/dashboard-js.ts fails when /login measures more than
// LEDGER_ALLOWANCE_KIB over the ledger's last line.

/** How far /login's gzipped JS may grow past the ledger's last figure without a new line. */
export const LEDGER_ALLOWANCE_KIB = 2;
export const LEDGER_TITLE = '/login JS ledger';

/** A ledger line: `- 194.4 KiB — 1da22fc: why` (any list marker, any text after the figure). */
const LEDGER_LINE = /^[-*]\s+(\d+(?:\.\d+)?)\s*KiB\b/;

/**
 * The last figure (KiB) of the list that follows the line starting with LEDGER_TITLE in `markdown`; the list ends
 * at the first line that is neither a list item, an indented continuation nor blank. Throws when there is
 * no such list or one of its items does not start with a figure.
 */
export function lastLedgerKiB(markdown: string): number {
  const lines = markdown.split('\n');
  // the line that opens the ledger starts with its title (plain, bold or a heading)
  const start = lines.findIndex((line) => line.replace(/^(#+\s*|\*\*)/, '').startsWith(LEDGER_TITLE));
  if (start < 0) throw new Error(`ARCHITECTURE.md has no "${LEDGER_TITLE}"`);
  let last: number | null = null;
  for (const line of lines.slice(start + 1)) {
    if (!line.trim()) continue;
    const figure = LEDGER_LINE.exec(line);
    if (figure) last = Number(figure[1]);
    else if (/^[-*]\s/.test(line)) throw new Error(`"${LEDGER_TITLE}" in ARCHITECTURE.md: the line "${line.trim()}" does not start with "- <KiB> KiB"`);
    else if (!/^\s+\S/.test(line)) break; // an indented line continues the item above; anything else ends the list
  }
  if (last === null) throw new Error(`"${LEDGER_TITLE}" in ARCHITECTURE.md has no line "- <KiB> KiB — <date or commit>: <why>"`);
  return last;
}

export interface LedgerVerdict {
  ok: boolean;
  /** what to print: the figures, and what to do when it fails or the ledger could be lowered */
  message: string;
}

/** Compares /login's measured gzipped bytes with the ledger's last figure. */
export function checkLoginLedger(measuredBytes: number, ledgerKiB: number): LedgerVerdict {
  const measured = measuredBytes / 1024;
  const over = measured - ledgerKiB;
  const figures = `/login loads ${measured.toFixed(1)} KiB of gzipped JS; the last line of ARCHITECTURE.md's "${LEDGER_TITLE}" says ${ledgerKiB.toFixed(1)} KiB`;
  if (over > LEDGER_ALLOWANCE_KIB) {
    return {
      ok: false,
      message:
        `${figures}: ${over.toFixed(1)} KiB more, over the ${LEDGER_ALLOWANCE_KIB} KiB allowance.\n` +
        `Cut it back (see "Keeping the first load light"), or, if /login must carry it, add a line at the end of the ledger:\n` +
        `  - ${measured.toFixed(1)} KiB — <date or commit>: <why /login needs it>`,
    };
  }
  if (-over > LEDGER_ALLOWANCE_KIB) {
    return {
      ok: true,
      message: `${figures}: ${(-over).toFixed(1)} KiB less. Add a ledger line "- ${measured.toFixed(1)} KiB — <date or commit>: <what cut it>" so the rule stays tight.`,
    };
  }
  return { ok: true, message: `${figures} (within ${LEDGER_ALLOWANCE_KIB} KiB).` };
}
