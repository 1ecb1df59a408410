import { SELECTOR_PREFIX, SELECTOR_SORT, SELECTOR_TAG_CLASS, type SelectorEntry, type SelectorType } from '../../../contracts/selector-constants';

/**
 * The selector's selection rules (SPEC §4 "Selector", §5): entries are de-duplicated by CODE, empty
 * codes dropped, ordered by SORT (people, orgs, roles); the value is the comma-separated CODE list.
 */
export type Prefixes = Readonly<Record<SelectorType, string>>;

export function makeEntry(type: SelectorType, bareCode: string, name: string, prefixes: Prefixes = SELECTOR_PREFIX): SelectorEntry {
  return { CODE: `${prefixes[type]}${bareCode}`, NAME: name, TYPE: type, SORT: SELECTOR_SORT[type], CLASS: SELECTOR_TAG_CLASS[type] };
}

export function normalizeSelection(entries: readonly SelectorEntry[]): SelectorEntry[] {
  const seen = new Set<string>();
  const kept: SelectorEntry[] = [];
  for (const entry of entries) {
    if (!entry.CODE || seen.has(entry.CODE)) continue;
    seen.add(entry.CODE);
    kept.push(entry);
  }
  // Array.prototype.sort is stable: within a type the order of choice is kept
  return kept.sort((a, b) => a.SORT - b.SORT);
}

export const selectionValue = (entries: readonly SelectorEntry[]) => entries.map((entry) => entry.CODE).join(',');

export interface ChooseRules {
  /** multi-select for this type (default true) */
  multiple: boolean;
  /** most entries of one type (0 = no limit) */
  limit: number;
}

export type ChooseOutcome = { entries: SelectorEntry[]; rejected: false } | { entries: SelectorEntry[]; rejected: 'limit' };

/**
 * Ticks an entry. Single-select replaces that type's choice; multi-select accumulates up to the
 * limit, which counts people, orgs and roles each on their own (the original's role check never
 * fired; this one does). An over-limit choice is refused and the selection left as it was.
 */
export function chooseEntry(entries: readonly SelectorEntry[], entry: SelectorEntry, rules: ChooseRules): ChooseOutcome {
  if (entries.some((held) => held.CODE === entry.CODE)) return { entries: [...entries], rejected: false };
  if (!rules.multiple) return { entries: normalizeSelection([...entries.filter((held) => held.TYPE !== entry.TYPE), entry]), rejected: false };
  if (rules.limit > 0 && entries.filter((held) => held.TYPE === entry.TYPE).length >= rules.limit) return { entries: [...entries], rejected: 'limit' };
  return { entries: normalizeSelection([...entries, entry]), rejected: false };
}

export const removeEntry = (entries: readonly SelectorEntry[], code: string) => entries.filter((entry) => entry.CODE !== code);

/** Splits a value into the bare codes of each type (codes of no known prefix are dropped). */
export function parseSelectionValue(value: string | null | undefined, prefixes: Prefixes = SELECTOR_PREFIX): Record<SelectorType, string[]> {
  const out: Record<SelectorType, string[]> = { people: [], org: [], role: [] };
  const types = (Object.keys(prefixes) as SelectorType[]).sort((a, b) => prefixes[b].length - prefixes[a].length);
  for (const code of (value ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
    const type = types.find((candidate) => code.startsWith(prefixes[candidate]));
    if (type) out[type].push(code.slice(prefixes[type].length));
  }
  return out;
}

/** SPEC §9: the tag area collapses to at most 10 tags; -1 turns collapsing off. */
export const COLLAPSE_MAX = 10;

/** The tags shown and how many are hidden behind the count. */
export function visibleTags<T>(entries: readonly T[], collapseTags: number): { shown: T[]; hidden: number } {
  if (collapseTags < 0) return { shown: [...entries], hidden: 0 };
  const keep = Math.max(1, Math.min(collapseTags, COLLAPSE_MAX));
  if (entries.length <= keep) return { shown: [...entries], hidden: 0 };
  return { shown: entries.slice(entries.length - keep), hidden: entries.length - keep };
}
