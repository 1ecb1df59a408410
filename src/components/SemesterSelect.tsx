import { Field, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { localName } from '../lib/locale';

/** What a semester choice needs; `nameEn` '' or absent shows `name` in English too. */
export interface SemesterChoice {
  id: string;
  name: string;
  nameEn?: string | null;
  isCurrent: boolean;
}

/**
 * The order of every semester picker: the current semester first, then the others as the server
 * sends them (by start date, latest first). A stable sort, so a later 第二学期 no longer comes before
 * the current 第一学期 (issue 20).
 */
export const semesterPickerOrder = <S extends Pick<SemesterChoice, 'isCurrent'>>(semesters: readonly S[]): S[] =>
  [...semesters].sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));

export interface SemesterSelectProps {
  semesters: readonly SemesterChoice[];
  value: string;
  onChange: (semesterId: string) => void;
  /** shown above the select; 学期 when not given */
  label?: string;
  /** a first empty choice (e.g. 全部学期) */
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
}

/**
 * The semester picker of the lists and sheets (成绩录入, 考试批次, 成绩体系): current first
 * (semesterPickerOrder), the current one marked （当前）, as wide as its longest name on wide screens
 * (2026-2027学年第一学期（当前） was cut at 14rem) and the full width on phones.
 */
export function SemesterSelect({ semesters, value, onChange, label, placeholder, disabled, testId }: SemesterSelectProps) {
  const { t, i18n } = useLingui();
  return (
    <Field.Root width={{ base: 'full', sm: 'auto' }} minW={{ sm: '14rem' }} maxW="full" disabled={disabled}>
      <Field.Label fontSize="sm">{label ?? t`学期`}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field minH="11" data-testid={testId} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {semesterPickerOrder(semesters).map((semester) => {
            const name = localName(semester.name, semester.nameEn, i18n.locale);
            return (
              <option key={semester.id} value={semester.id}>
                {semester.isCurrent ? t`${name}（当前）` : name}
              </option>
            );
          })}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
