import { Field, Input } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** The day a roll or an overview is for: a native date field (no day after `max`); only whole dates are passed on. */
export function DayInput({ value, max, onChange }: { value: string; max: string; onChange: (day: string) => void }) {
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="sm">
        <Trans>日期</Trans>
      </Field.Label>
      <Input
        type="date"
        minH="11"
        value={value}
        max={max}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (/^\d{4}-\d{2}-\d{2}$/.test(next)) onChange(next);
        }}
      />
    </Field.Root>
  );
}
