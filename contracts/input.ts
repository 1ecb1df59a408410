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
/** Longest JSON text a `search`-style field accepts (the filters are a handful of short values). */
export const JSON_INPUT_MAX = 4000;

export const jsonObjectInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((input, ctx) => {
    if (input === undefined || input === null || input === '') return {};
    if (typeof input !== 'string') return input;
    if (input.length > JSON_INPUT_MAX) {
      ctx.issues.push({ code: 'too_big', origin: 'string', maximum: JSON_INPUT_MAX, inclusive: true, input, message: 'too long' });
      return {};
    }
    try {
      return JSON.parse(input) as unknown;
    } catch {
      return input;
    }
  }, schema);
