import { HStack, IconButton, Input } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { settleNumber, stepNumber, type SteppingRules } from './number-stepping';

export interface NumberInputProps extends SteppingRules {
  value: number | null;
  onChange: (value: number | null) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  'aria-label'?: string;
}

/**
 * A number field with − and + buttons (touch-sized). What is typed settles on blur or Enter:
 * clamped to min/max, snapped to the step (strict by default), rounded to the precision.
 */
export function NumberInput({ value, onChange, id, name, disabled, placeholder, invalid, min, max, step = 1, precision, strict = true, ...rest }: NumberInputProps) {
  const rules: SteppingRules = { min, max, step, precision, strict };
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);

  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === '') {
      if (value !== null) onChange(null);
      return;
    }
    const parsed = Number(trimmed);
    if (Number.isNaN(parsed)) {
      setText(value === null ? '' : String(value));
      return;
    }
    const settled = settleNumber(parsed, rules);
    setText(String(settled));
    if (settled !== value) onChange(settled);
  };

  return (
    <HStack gap="1" width="full">
      <IconButton
        variant="outline"
        size="md"
        aria-label={t`减少`}
        disabled={disabled || (min !== undefined && value !== null && value <= min)}
        onClick={() => onChange(stepNumber(value, -1, rules))}
      >
        −
      </IconButton>
      <Input
        id={id}
        name={name}
        aria-label={rest['aria-label']}
        aria-invalid={invalid || undefined}
        inputMode="decimal"
        textAlign="center"
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <IconButton
        variant="outline"
        size="md"
        aria-label={t`增加`}
        disabled={disabled || (max !== undefined && value !== null && value >= max)}
        onClick={() => onChange(stepNumber(value, 1, rules))}
      >
        +
      </IconButton>
    </HStack>
  );
}
