import type { AnyResourceDefinition, ResourceField } from '../../../contracts/resource';
import { pageField, pageSizeField, searchField, sortFieldField, sortOrderField, type SearchField } from '../../lib/search-params';

/**
 * A kit list's URL search: page, size, sort and the definition's search keys. The route parses it
 * generically (`resourceSearchParams`: route code stays definition-free, so the entry chunk does not
 * grow per screen); the screen then reads it by the definition (`resourceFilters`).
 */
export type ResourceSearch = { page?: number; size?: number; sortField?: string; order?: 'asc' | 'desc' } & { [key: string]: string | number | undefined };

const SEARCH_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const SEARCH_VALUE_MAX = 50;

/** The route's zod-free `validateSearch`: paging and sort parsed, any other short text or number kept for the screen. */
export function resourceSearchParams(search: Record<string, unknown>): ResourceSearch {
  const result: ResourceSearch = {};
  const paging = { page: pageField, size: pageSizeField, sortField: sortFieldField, order: sortOrderField } as Record<string, SearchField<unknown>>;
  for (const [key, raw] of Object.entries(search)) {
    const parse = paging[key];
    if (parse) {
      const value = parse(raw);
      if (value !== undefined) result[key] = value as string | number;
    } else if (SEARCH_KEY.test(key) && ((typeof raw === 'string' && raw.trim() !== '' && raw.length <= SEARCH_VALUE_MAX) || (typeof raw === 'number' && Number.isFinite(raw)))) {
      result[key] = raw;
    }
  }
  return result;
}

const decimalText = searchField.pattern(/^-?\d{1,12}(\.\d{1,6})?$/);

/** How one equals or range value of a field is read from the URL (the list call's words: boolean '1'/'0', ids, codes, digits). */
function valueParser(field: ResourceField): SearchField<string | number> {
  switch (field.kind) {
    case 'boolean':
      return searchField.oneOf(['1', '0']);
    case 'enum':
      return searchField.oneOf(field.options.map((option) => option.value));
    case 'int':
      return searchField.int(field.min, field.max);
    case 'decimal':
      return decimalText;
    case 'date':
      return searchField.date;
    case 'ref':
    case 'person':
    case 'org':
    case 'file':
      return searchField.uuid();
    default:
      return searchField.text(SEARCH_VALUE_MAX);
  }
}

/** One input of the search header: its URL key, the field it filters (none for contains) and its parser. */
export interface SearchInput {
  key: string;
  /** 'contains' (a text box), 'equals' (a select or a text box) or the from / to half of a range */
  kind: 'contains' | 'equals' | 'from' | 'to';
  /** the search rule's key (a range's two inputs share it) */
  rule: string;
  field?: string;
  parse: SearchField<string | number>;
}

/** The search header's inputs, in the definition's order (a range rule gives `<key>From` and `<key>To`). */
export function searchInputs(definition: AnyResourceDefinition): SearchInput[] {
  return Object.entries(definition.search).flatMap(([key, rule]): SearchInput[] => {
    if ('contains' in rule) return [{ key, kind: 'contains', rule: key, parse: searchField.text(SEARCH_VALUE_MAX) }];
    if ('equals' in rule) return [{ key, kind: 'equals', rule: key, field: rule.equals, parse: valueParser(definition.fields[rule.equals]) }];
    const parse = valueParser(definition.fields[rule.range]);
    return [
      { key: `${key}From`, kind: 'from', rule: key, field: rule.range, parse },
      { key: `${key}To`, kind: 'to', rule: key, field: rule.range, parse },
    ];
  });
}

/** The list call's `search` from the URL: each input read by its field's rule, blanks and bad values left out (as text). */
export function resourceFilters(definition: AnyResourceDefinition, search: ResourceSearch): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const input of searchInputs(definition)) {
    const value = input.parse(search[input.key]);
    if (value !== undefined) filters[input.key] = String(value);
  }
  return filters;
}

/** `versionName` → `version-name` (the kit's test ids: `<testId>-<field>`, `<testId>-search-<key>`). */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
