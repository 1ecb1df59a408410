/** The dormitory dialogs' fields (place, move, check out, allocate; the board's building too): a labelled select and the change's date. */
import { Field, Input } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { ChoiceSelect } from "../../components/selector/ChoiceSelect";

export interface DormSelectProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  choices: readonly { value: string; label: string }[];
  /** the empty choice's text (default 请选择); false: none (a value is always chosen) */
  placeholder?: string | false;
  testId?: string;
  /** beside a heading (the board's building): a small label, 15rem wide from tablets up */
  compact?: boolean;
}

/** A select under its label, touch height (grade, building, bed). */
export function DormSelect({ label, compact, ...select }: DormSelectProps) {
  return (
    <Field.Root width={compact ? { base: "full", sm: "60" } : undefined}>
      <Field.Label fontSize={compact ? "sm" : undefined}>{label}</Field.Label>
      <ChoiceSelect minH="11" {...select} />
    </Field.Root>
  );
}

/** The change's date (today in the school's time by default, the dialog's state): 日期 unless named otherwise. */
export function DormDateField({
  label,
  value,
  onChange,
  testId = "dorm-date",
}: {
  label?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}) {
  const { t } = useLingui();
  return (
    <Field.Root>
      <Field.Label>{label ?? t`日期`}</Field.Label>
      <Input
        type="date"
        minH="11"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data-testid={testId}
      />
    </Field.Root>
  );
}
