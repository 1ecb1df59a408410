import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A labelled field with its problem under it. */
export function FormField({ label, required, error, helper, children }: { label: ReactNode; required?: boolean; error?: string; helper?: ReactNode; children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
