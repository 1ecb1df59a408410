import { z } from 'zod';

/** Splits comma-separated text into trimmed, non-blank parts. */
const splitCommas = (text: string): string[] =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * A list as callers send it: JSON array text, repeated form keys (an array), or one comma-separated
 * string; items are trimmed and blanks dropped. Anything else passes through for the schema to refuse.
 */
export function listInput(input: unknown): unknown {
  if (typeof input === 'string') {
    const text = input.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return input;
      }
    }
    return text === '' ? [] : splitCommas(text);
  }
  if (Array.isArray(input)) return input.flatMap((item) => (typeof item === 'string' ? splitCommas(item) : [item]));
  return input;
}

/**
 * A JSON object sent as a string (the generic tables' `search`): absent or '' is `{}`, an object from
 * JSON callers passes as is, and bad JSON is left for `schema` to refuse on that very field.
 */
export const jsonObjectInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((input) => {
    if (input === undefined || input === null || input === '') return {};
    if (typeof input !== 'string') return input;
    try {
      return JSON.parse(input) as unknown;
    } catch {
      return input;
    }
  }, schema);
