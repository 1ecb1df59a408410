import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  /** the field's problem (shown under it, marks it invalid); empty: none */
  error?: string;
  /** shown under the field while there is no problem */
  helper?: ReactNode;
  /** data-testid of the problem text */
  errorTestId?: string;
  /** the input's id, for inputs Chakra's field does not name itself (a switch, an upload) */
  htmlFor?: string;
  children: ReactNode;
}

/** A labelled form field (plain fields in a drawer): required mark, helper, and its problem under it. */
export function FormField({ label, required, error, helper, errorTestId, htmlFor, children }: FormFieldProps) {
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label htmlFor={htmlFor}>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText data-testid={errorTestId}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
