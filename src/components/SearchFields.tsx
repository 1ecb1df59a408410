import { Field, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ChoiceSelect } from './selector/ChoiceSelect';

interface SearchFieldBase {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** the field's width from the sm breakpoint up, a size token such as '36' (full width below) */
  width?: string;
  testId?: string;
}

export interface SearchSelectFieldProps extends SearchFieldBase {
  choices: readonly { value: string; label: string }[];
  /** the empty choice's text (default 全部) */
  placeholder?: string;
}

/** A labelled select of a SearchHeader: touch height, the empty choice 全部 (no condition). */
export function SearchSelectField({ label, value, onChange, choices, width = '36', placeholder, testId }: SearchSelectFieldProps) {
  const { t } = useLingui();
  return (
    <Field.Root width={{ base: 'full', sm: width }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <ChoiceSelect minH="11" testId={testId} value={value} onChange={onChange} placeholder={placeholder ?? t`全部`} choices={choices} />
    </Field.Root>
  );
}

export interface SearchTextFieldProps extends SearchFieldBase {
  /** 'text' (default: 请输入, at most `maxLength` characters) or 'date' (bounded by `min` / `max`) */
  type?: 'text' | 'date';
  maxLength?: number;
  min?: string;
  max?: string;
}

/** A labelled text (or date) input of a SearchHeader, touch height. */
export function SearchTextField({ label, value, onChange, type = 'text', width = '52', maxLength = 50, min, max, testId }: SearchTextFieldProps) {
  const { t } = useLingui();
  const text = type === 'text';
  return (
    <Field.Root width={{ base: 'full', sm: width }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input
        minH="11"
        type={text ? undefined : type}
        maxLength={text ? maxLength : undefined}
        placeholder={text ? t`请输入` : undefined}
        min={min}
        max={max}
        value={value}
        data-testid={testId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Field.Root>
  );
}
