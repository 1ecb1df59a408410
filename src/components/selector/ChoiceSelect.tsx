import { NativeSelect } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';

export interface ChoiceSelectProps {
  value: string;
  onChange: (value: string) => void;
  choices: readonly { value: string; label: string }[];
  id?: string;
  /** the empty choice's text (default 请选择); false: no empty choice (a value is always chosen) */
  placeholder?: string | false;
  /** touch-size height, e.g. '11' (44 px) on forms used on phones */
  minH?: string;
  testId?: string;
  disabled?: boolean;
  invalid?: boolean;
  loading?: boolean;
  'aria-label'?: string;
}

/** A native select with the 请选择 empty choice (shared by the data-backed selects). */
export function ChoiceSelect({ value, onChange, choices, id, placeholder, minH, testId, disabled, invalid, loading, ...rest }: ChoiceSelectProps) {
  return (
    <NativeSelect.Root disabled={disabled || loading} invalid={invalid}>
      <NativeSelect.Field
        id={id}
        minH={minH}
        data-testid={testId}
        aria-label={rest['aria-label']}
        aria-busy={loading || undefined}
        // inside a Field.Root (FormField) Chakra takes the field's `disabled` (false) over the root's:
        // set it on the select itself (the field's props type leaves it out)
        {...{ disabled: disabled || loading }}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== false && <option value="">{placeholder ?? t`请选择`}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
