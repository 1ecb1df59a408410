import { describe, expect, it } from 'vitest';
import { chooseEntry, makeEntry, normalizeSelection, parseSelectionValue, removeEntry, selectionValue, visibleTags } from './selection';

const person = (id: string) => makeEntry('people', id, `P${id}`);
const org = (id: string) => makeEntry('org', id, `O${id}`);
const role = (id: string) => makeEntry('role', id, `R${id}`);

describe('selector selection rules (SPEC §4, §5)', () => {
  it('de-duplicates by CODE, drops empty codes and orders by SORT (people, orgs, roles)', () => {
    const entries = normalizeSelection([role('a'), org('1'), person('x'), org('1'), { ...person('y'), CODE: '' }, person('z')]);
    expect(entries.map((e) => e.CODE)).toEqual(['U_x', 'U_z', 'O_1', 'R_a']);
    expect(entries.map((e) => e.SORT)).toEqual([0, 0, 1, 2]);
    expect(selectionValue(entries)).toBe('U_x,U_z,O_1,R_a');
  });

  it('multi-select accumulates; single-select replaces that type’s choice only', () => {
    let entries = chooseEntry([], person('1'), { multiple: true, limit: 0 }).entries;
    entries = chooseEntry(entries, person('2'), { multiple: true, limit: 0 }).entries;
    entries = chooseEntry(entries, org('9'), { multiple: true, limit: 0 }).entries;
    expect(selectionValue(entries)).toBe('U_1,U_2,O_9');
    entries = chooseEntry(entries, person('3'), { multiple: false, limit: 0 }).entries;
    expect(selectionValue(entries)).toBe('U_3,O_9');
  });

  it('the limit (您最多可选{n}个) applies to people, orgs and roles each, and leaves the selection as it was', () => {
    for (const make of [person, org, role]) {
      const two = [make('1'), make('2')];
      const outcome = chooseEntry(two, make('3'), { multiple: true, limit: 2 });
      expect(outcome.rejected).toBe('limit');
      expect(outcome.entries).toEqual(two);
    }
    // other types do not count against a type's limit
    expect(chooseEntry([person('1'), person('2')], role('r'), { multiple: true, limit: 2 }).rejected).toBe(false);
    // 0 = no limit
    expect(chooseEntry([person('1'), person('2')], person('3'), { multiple: true, limit: 0 }).rejected).toBe(false);
  });

  it('removes by code and parses a value back into codes per type', () => {
    expect(selectionValue(removeEntry([person('1'), org('2')], 'U_1'))).toBe('O_2');
    expect(parseSelectionValue('U_1, O_2,R_teacher,,X_9')).toEqual({ people: ['1'], org: ['2'], role: ['teacher'] });
    expect(parseSelectionValue('')).toEqual({ people: [], org: [], role: [] });
  });

  it('collapses tags: -1 off, else the last n (at most 10, at least 1) plus a count', () => {
    const list = Array.from({ length: 12 }, (_, i) => i);
    expect(visibleTags(list, -1)).toEqual({ shown: list, hidden: 0 });
    expect(visibleTags(list, 0)).toEqual({ shown: [11], hidden: 11 });
    expect(visibleTags(list, 3)).toEqual({ shown: [9, 10, 11], hidden: 9 });
    expect(visibleTags(list, 50).shown).toHaveLength(10);
    expect(visibleTags([1, 2], 3)).toEqual({ shown: [1, 2], hidden: 0 });
  });
});
