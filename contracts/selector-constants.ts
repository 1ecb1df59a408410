// The selector's zod-free constants and rules (SPEC §3 Selector entry): screens and shared widgets
// import these without pulling zod into their chunk; contracts/selector.ts re-exports them with the
// call schemas.

/** SPEC §3 Selector entry TYPE. */
export const SelectorType = { people: 'people', org: 'org', role: 'role' } as const;
export type SelectorType = (typeof SelectorType)[keyof typeof SelectorType];

/** SPEC §3 Selector entry SORT: selections are ordered people, orgs, roles. */
export const SELECTOR_SORT: Readonly<Record<SelectorType, 0 | 1 | 2>> = { people: 0, org: 1, role: 2 };

/**
 * CODE prefixes per type (SPEC §3 "CODE value with optional prefix per type"; picker config keys
 * PEOPLEPREFIX, ORGPREFIX, ROLEPREFIX default to these). A selector value is the comma-separated list
 * of prefixed codes, e.g. `U_0193…,O_0193…,R_teacher`. People and orgs are identified by id (uuid),
 * roles by their code.
 */
export const SELECTOR_PREFIX: Readonly<Record<SelectorType, string>> = { people: 'U_', org: 'O_', role: 'R_' };

/** SPEC §3 CLASS: tag colour per type (Chakra colour palette names). */
export const SELECTOR_TAG_CLASS: Readonly<Record<SelectorType, string>> = { people: 'green', org: 'blue', role: 'orange' };

/** SPEC §3 Selector entry. */
export interface SelectorEntry {
  CODE: string;
  NAME: string;
  TYPE: SelectorType;
  SORT: 0 | 1 | 2;
  CLASS: string;
}

/** Splits a prefixed code into its type and bare value; null when no known prefix matches. */
export function parseSelectorCode(code: string): { type: SelectorType; value: string } | null {
  for (const type of Object.keys(SELECTOR_PREFIX) as SelectorType[]) {
    const prefix = SELECTOR_PREFIX[type];
    if (prefix && code.startsWith(prefix)) return { type, value: code.slice(prefix.length) };
  }
  return null;
}

/** SPEC §9 selector page size. */
export const SELECTOR_PAGE_SIZE = 5;
/** Largest page any list call accepts (SPEC §9 page sizes end at 500). */
export const SELECTOR_MAX_PAGE_SIZE = 500;
export const SELECTOR_KEYWORD_MAX = 50;
/** Most ids one `getUserData` call resolves. */
export const SELECTOR_MAX_IDS = 500;

