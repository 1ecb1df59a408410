import type { z } from 'zod';
import { ResponseCode } from '../../contracts/envelope';
import { fieldLabel, type Lang, messages, type MessageKey, translate } from '../i18n/messages';
import { AppError } from './envelope';

type Issue = z.core.$ZodIssue;

const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(messages, text);

const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined), input);

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** One issue in the caller's language, naming the field (wire name plus label) and the problem. */
export function describeIssue(issue: Issue, input: unknown, lang: Lang): string {
  const path = issue.path.map(String).join('.');
  const field = path ? fieldLabel(lang, path) : translate(lang, 'requestBody');
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(value)
        ? translate(lang, 'fieldRequired', { field })
        : translate(lang, 'fieldWrongType', { field, expected: issue.expected });
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return isBlank(value) ? translate(lang, 'fieldRequired', { field }) : translate(lang, 'fieldTooShort', { field, min });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'fieldTooFewItems', { field, min });
      return translate(lang, 'fieldTooSmall', { field, min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return translate(lang, 'fieldTooLong', { field, max });
      if (issue.origin === 'array' || issue.origin === 'set') return translate(lang, 'fieldTooManyItems', { field, max });
      return translate(lang, 'fieldTooBig', { field, max });
    }
    case 'invalid_value':
      return translate(lang, 'fieldNotOneOf', { field, values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return translate(lang, 'unknownFields', { fields: issue.keys.join(', ') });
    default:
      // a rule that names its own words (contracts/*-rules.ts: the key of its text, which the form shows too; {field} names the field)
      if (isMessageKey(issue.message)) return translate(lang, issue.message, { field });
      return translate(lang, 'fieldInvalid', { field });
  }
}

/** The path of the first string holding U+0000 in parsed input, or null. */
function pathOfNul(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Parses `input` with `schema`; on failure throws 40000 with every problem (up to three) named. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // PostgreSQL text cannot hold U+0000: refused here, not as a database fault (found by the fuzz)
    const nulAt = pathOfNul(result.data, []);
    if (nulAt) {
      const field = nulAt.join('.');
      throw new AppError(ResponseCode.invalidInput, (lang) => translate(lang, 'fieldInvalid', { field: field ? fieldLabel(lang, field) : translate(lang, 'requestBody') }));
    }
    return result.data;
  }
  const issues = result.error.issues.slice(0, 3);
  throw new AppError(ResponseCode.invalidInput, (lang) =>
    issues.map((issue) => describeIssue(issue, input, lang)).join(lang === 'zh' ? '；' : '; '),
  );
}
