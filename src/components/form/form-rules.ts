import { t } from '@lingui/core/macro';
import type { ZodType } from 'zod';
import { checkDateRange, checkNotFuture } from './date-rules';

/** SPEC §2 form wrapper field types. */
export const FIELD_TYPES = [
  'input',
  'autocomplete',
  'radio',
  'radio-group',
  'checkbox',
  'checkbox-group',
  'input-number',
  'select',
  'cascader',
  'switch',
  'slider',
  'time-select',
  'time-picker',
  'date-picker',
  'rate',
  'file-upload',
  'img-upload',
  'org-select',
  'color-picker',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types the user types into: their required text is 请输入, every other type's is 请选择 (SPEC §5). */
const TYPED: ReadonlySet<FieldType> = new Set(['input', 'input-number', 'autocomplete']);

export function requiredMessage(type: FieldType): string {
  return TYPED.has(type) ? t`请输入` : t`请选择`;
}

export type FormValues = Record<string, unknown>;

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export interface RuleField {
  name: string;
  type: FieldType;
  required?: boolean;
  /** replaces the default required text */
  message?: string;
  /** date-picker: the name of the field this one must not be later than (the date helper) */
  before?: string;
  /** date-picker: no future dates */
  noFuture?: boolean;
  /** extra check: a message or null */
  validate?: (value: unknown, values: FormValues) => string | null | undefined;
}

/**
 * Every field's first problem: required, then the date helper, then the field's own check, then the
 * shared zod schema (a contract from contracts/, so client and server say the same thing per field).
 */
export function validateForm(fields: readonly RuleField[], values: FormValues, schema?: ZodType): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.required && isEmpty(value)) {
      errors[field.name] = field.message ?? requiredMessage(field.type);
      continue;
    }
    const problem =
      (field.before ? checkDateRange(value as string, values[field.before] as string) : null) ??
      (field.noFuture ? checkNotFuture(value as string) : null) ??
      field.validate?.(value, values) ??
      null;
    if (problem) errors[field.name] = problem;
  }
  if (schema) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !errors[key]) errors[key] = issue.message;
      }
    }
  }
  return errors;
}
