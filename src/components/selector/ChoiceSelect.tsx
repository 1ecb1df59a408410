import { NativeSelect } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';

export interface ChoiceSelectProps {
  value: string;
  onChange: (value: string) => void;
  choices: readonly { value: string; label: string }[];
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  loading?: boolean;
  'aria-label'?: string;
}

/** A native select with the 请选择 empty choice (shared by the data-backed selects). */
export function ChoiceSelect({ value, onChange, choices, id, placeholder, disabled, invalid, loading, ...rest }: ChoiceSelectProps) {
  return (
    <NativeSelect.Root disabled={disabled || loading} invalid={invalid}>
      <NativeSelect.Field id={id} aria-label={rest['aria-label']} aria-busy={loading || undefined} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder ?? t`请选择`}</option>
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
