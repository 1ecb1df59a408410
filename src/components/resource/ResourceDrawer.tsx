import { Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { fieldIssue, type AnyResourceDefinition, type ResourceField } from '../../../contracts/resource';
import { HttpError } from '../../lib/http';
import { localText } from '../../lib/locale';
import { FormField } from '../form/FormField';
import { useDraft } from '../form/use-draft';
import { FormShell } from '../FormShell';
import { FieldInput, labelledById, type FieldInputs } from './field-input';
import { kebab } from './resource-search';
import type { KitRow } from './useResourceList';

export interface ResourceDrawerProps {
  definition: AnyResourceDefinition;
  /** the row edited; undefined: a new one */
  row?: KitRow & Record<string, unknown>;
  /** the test-id prefix: `<testId>-form`, `<testId>-<field-name>` */
  testId: string;
  /** a screen's own inputs by field name */
  inputs?: FieldInputs;
  onClose: () => void;
  /** the save call; rejects when the server refused (the drawer keeps what was typed) */
  onSave: (input: Record<string, unknown>) => Promise<unknown>;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The server's refusals by field, in its words (already the caller's language): a 40000's
 * `data.issues[].field` (a floor above its building's, floors below a used one) and a 40900's
 * `data.field` (a taken code, in the message).
 */
export function serverFieldIssues(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || typeof error.data !== 'object' || error.data === null) return {};
  const data = error.data as { issues?: unknown; field?: unknown };
  if (error.code === 40000 && Array.isArray(data.issues)) {
    const found: Record<string, string> = {};
    for (const issue of data.issues as { field?: unknown; message?: unknown }[]) {
      if (typeof issue?.field === 'string' && typeof issue.message === 'string') found[issue.field] ??= issue.message;
    }
    return found;
  }
  if (error.code === 40900 && typeof data.field === 'string') return { [data.field]: error.msg };
  return {};
}

/** A new row's value of a field: the definition's default, else empty. */
function startValue(field: ResourceField): unknown {
  switch (field.kind) {
    case 'int':
      return field.empty ?? null;
    case 'decimal':
      return null;
    case 'boolean':
      return field.default ?? false;
    case 'enum':
      return field.default ?? '';
    default:
      return '';
  }
}

/** The value the save call sends: text trimmed (unless raw), an empty number its `empty` value or null. */
function sentValue(field: ResourceField, value: unknown): unknown {
  if (field.kind === 'text') return field.raw ? value : String(value ?? '').trim();
  if (field.kind === 'int') return value ?? field.empty ?? null;
  if (field.kind === 'decimal') return value ?? null;
  return value;
}

/**
 * The add / edit drawer of a kit resource: an input per written field (kind by kind; a screen may
 * bring its own), the definition's rules checked as typed in the server's words (`fieldIssue`), a
 * counter under long text. Save sends every written field (+ id and version when editing).
 */
export function ResourceDrawer({ definition, row, testId, inputs = {}, onClose, onSave }: ResourceDrawerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const fields = Object.entries(definition.fields).filter(([, field]) => !field.readOnly);
  const { draft, setDraft, dirty } = useDraft<Record<string, unknown>>(() => Object.fromEntries(fields.map(([name, field]) => [name, row?.[name] ?? startValue(field)])));
  const [touched, setTouched] = useState(false);
  // the server's refusal of a field stays under its input until that field is edited
  const [refused, setRefused] = useState<Record<string, string>>({});
  const issues = Object.fromEntries(fields.map(([name, field]) => [name, fieldIssue(field, draft[name])]));

  const save = async () => {
    setTouched(true);
    if (Object.values(issues).some(Boolean)) throw new Error('invalid');
    try {
      await onSave({ ...Object.fromEntries(fields.map(([name, field]) => [name, sentValue(field, draft[name])])), ...(row ? { id: row.id, version: row.version } : {}) });
    } catch (error) {
      setRefused(serverFieldIssues(error));
      throw error;
    }
  };
  const edit = (name: string, next: unknown) => {
    setDraft((current) => ({ ...current, [name]: next }));
    if (name in refused) setRefused(({ [name]: _edited, ...rest }) => rest);
  };

  const noun = localText(definition.noun, i18n.locale);
  return (
    <FormShell open dirty={dirty} size="lg" title={row ? t`编辑${noun}` : t`新增${noun}`} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid={`${testId}-form`}>
        {fields.map(([name, field]) => {
          const value = draft[name];
          const issue = issues[name] && (touched || !isBlank(value)) ? localText(issues[name], i18n.locale) : refused[name];
          const inputId = `${id}-${name}`;
          const fieldTestId = `${testId}-${kebab(name)}`;
          const props = { id: inputId, name, field, value, invalid: Boolean(issue), testId: fieldTestId, onChange: (next: unknown) => edit(name, next) };
          const custom = inputs[name];
          return (
            <FormField
              key={name}
              label={localText(field.label, i18n.locale)}
              required={field.required && field.kind !== 'boolean'}
              error={issue}
              helper={field.hint && localText(field.hint, i18n.locale)}
              htmlFor={labelledById(field) ? inputId : undefined}
            >
              {row && field.fixedOnEdit ? (
                <Input id={inputId} value={String(row[`${name}Name`] || value || '')} readOnly aria-readonly data-testid={fieldTestId} />
              ) : custom ? (
                custom(props)
              ) : (
                <FieldInput {...props} />
              )}
              {field.kind === 'text' && field.rows && (
                <Text alignSelf="flex-end" fontSize="xs" color={String(value ?? '').length > field.max ? 'fg.error' : 'fg.muted'} data-testid={`${fieldTestId}-count`}>
                  {String(value ?? '').length} / {field.max}
                </Text>
              )}
            </FormField>
          );
        })}
      </Stack>
    </FormShell>
  );
}

export default ResourceDrawer;
