import fc from 'fast-check';
import { v7 as uuidv7 } from 'uuid';
import { calendarDate, calendarDateOrBlank, calendarMonth, dateTime } from '../../contracts/dates';

/**
 * A plausible input of a route's contract, made from its zod schema, for tests that walk every route
 * changing one field at a time (security/fuzz.test.ts): every optional field present, strings shaped
 * by their format or pattern, the contracts' date types a real date. Best effort: a refinement it
 * cannot see may still refuse the sample, which then only tests the refusal.
 */

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const DATE_SAMPLES = new Map<unknown, string>([
  [calendarDate, '2026-03-02'],
  [calendarDateOrBlank, '2026-03-02'],
  [calendarMonth, '2026-03'],
  [dateTime, '2026-03-02T08:00:00.000Z'],
]);

const FORMAT_SAMPLES: Record<string, () => string> = {
  uuid: () => uuidv7(),
  guid: () => uuidv7(),
  email: () => 'walk@example.com',
  url: () => 'https://walk.example',
  datetime: () => '2026-03-02T08:00:00.000Z',
  date: () => '2026-03-02',
  ipv4: () => '10.0.0.1',
};

function sampleString(def: Def): string {
  const checks = ((def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((check) => check._zod.def);
  const format = (def.format as string | undefined) ?? (checks.find((check) => check.check === 'string_format' && check.format !== 'regex')?.format as string | undefined);
  if (format && FORMAT_SAMPLES[format]) return FORMAT_SAMPLES[format]();
  const min = Math.max(0, ...checks.filter((check) => check.check === 'min_length').map((check) => Number(check.minimum)));
  const max = Math.min(64, ...checks.filter((check) => check.check === 'max_length').map((check) => Number(check.maximum)));
  const pattern = checks.find((check) => check.check === 'string_format' && check.format === 'regex')?.pattern as RegExp | undefined;
  if (pattern) {
    // fast-check reads no flags: a case-insensitive pattern is sampled as written (lower case matches it too)
    const fitting = fc.sample(fc.stringMatching(new RegExp(pattern.source)), 50).find((text) => text.length >= min && text.length <= max && pattern.test(text));
    if (fitting !== undefined) return fitting;
  }
  return 'walk'.repeat(Math.ceil(Math.max(min, 1) / 4)).slice(0, Math.max(min, Math.min(4, max)));
}

export function sampleOf(schema: unknown, depth = 0): unknown {
  if (DATE_SAMPLES.has(schema)) return DATE_SAMPLES.get(schema);
  if (depth > 12) return undefined;
  const def = defOf(schema);
  const next = (inner: unknown) => sampleOf(inner, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([key, field]) => [key, next(field)]));
    case 'string':
      return sampleString(def);
    case 'enum':
      return Object.values(def.entries as Record<string, string | number>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'number': {
      const checks = ((def.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((check) => check._zod.def);
      const floor = checks.find((check) => check.check === 'greater_than');
      return floor ? Number(floor.value) + (floor.inclusive ? 0 : 1) : 1;
    }
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [next(def.element)];
    case 'record':
      return { walk: next(def.valueType) };
    case 'tuple':
      return (def.items as unknown[]).map(next);
    case 'union':
      return next((def.options as unknown[])[0]);
    case 'intersection':
      return { ...(next(def.left) as object), ...(next(def.right) as object) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return next(def.innerType);
    case 'pipe':
      // z.preprocess(fn, schema) is a pipe from a transform: sample what the schema takes
      return defOf(def.in).type === 'transform' ? next(def.out) : next(def.in);
    case 'lazy':
      return next((def.getter as () => unknown)());
    default:
      return undefined;
  }
}

/** The paths of every string in a sample (object keys and array indexes), e.g. ['search', 'from']. */
export function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A deep copy of `value` with the string at `path` replaced. */
export function withValueAt(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}
