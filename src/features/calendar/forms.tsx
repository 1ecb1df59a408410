import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { SchoolYear, SchoolYearInput, Semester, SemesterInput } from '../../../contracts/calendar';
// the rules come zod-free: this module is reached from the route file, and zod must stay out of its chunks
import { schoolYearProblems, semesterProblems } from '../../../contracts/calendar-rules';
import { SchemaForm, type FormValues, type SchemaField } from '../../components/form/SchemaForm';
import { useLocalName } from '../../lib/local-name';
import { fieldProblem } from './problems';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const num = (value: unknown) => (typeof value === 'number' ? value : value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** The row an edit starts from: its id and the version it was loaded at (a row changed since is refused, 40900). */
type Loaded = { id: string; version: number } | undefined;
const idAndVersion = (loaded: Loaded) => (loaded ? { id: loaded.id, version: loaded.version } : {});

/** The form's values as the contract's input (what the API receives). */
export function schoolYearInputOf(values: FormValues, loaded?: Loaded): SchoolYearInput {
  return { ...idAndVersion(loaded), code: text(values.code), name: text(values.name), nameEn: text(values.nameEn), startDate: text(values.startDate), endDate: text(values.endDate) };
}

export function semesterInputOf(values: FormValues, loaded?: Loaded): SemesterInput {
  return {
    ...idAndVersion(loaded),
    schoolYearId: text(values.schoolYearId),
    code: text(values.code),
    name: text(values.name),
    nameEn: text(values.nameEn),
    year: num(values.year),
    startDate: text(values.startDate),
    endDate: text(values.endDate),
    teachStartDate: text(values.teachStartDate),
    teachEndDate: text(values.teachEndDate),
    weeks: num(values.weeks),
  };
}

export interface SchoolYearFormProps {
  id: string;
  initial?: SchoolYear;
  onSubmit: (input: SchoolYearInput) => unknown;
}

/** Code, name, start, end of a school year; the shared rules (contracts/calendar-rules.ts) per field. */
export function SchoolYearForm({ id, initial, onSubmit }: SchoolYearFormProps) {
  const { t } = useLingui();
  const fields = useMemo((): SchemaField[] => {
    const rule = (field: string) => (_: unknown, values: FormValues) => fieldProblem(schoolYearProblems(schoolYearInputOf(values)), field);
    return [
      { name: 'code', type: 'input', label: t`学年代码`, required: true, placeholder: t`如 2027-2028`, validate: rule('code') },
      { name: 'name', type: 'input', label: t`学年名称`, required: true, placeholder: t`如 2027-2028学年`, validate: rule('name') },
      { name: 'nameEn', type: 'input', label: t`英文名称`, placeholder: t`如 2027-2028 School Year`, validate: rule('nameEn') },
      { name: 'startDate', type: 'date-picker', label: t`开始日期`, required: true, validate: rule('startDate') },
      { name: 'endDate', type: 'date-picker', label: t`结束日期`, required: true, validate: rule('endDate') },
    ];
  }, [t]);
  const initialValues = initial ? { code: initial.code, name: initial.name, nameEn: initial.nameEn, startDate: initial.startDate, endDate: initial.endDate } : {};
  return <SchemaForm id={id} fields={fields} initialValues={initialValues} columns={2} onSubmit={(values) => onSubmit(schoolYearInputOf(values, initial))} />;
}

export interface SemesterFormProps {
  id: string;
  years: readonly SchoolYear[];
  initial?: Semester;
  /** add: the school year chosen on the screen */
  defaultYearId?: string;
  onSubmit: (input: SemesterInput) => unknown;
}

/**
 * A semester: school year, code, name, year, working and teaching dates, weeks. Each field shows the
 * first shared rule it breaks (year above 2000 and below 9999; 开始时间应早于结束时间; teaching
 * inside working; weeks 1 … the weeks of the working range), before anything is sent.
 */
export function SemesterForm({ id, years, initial, defaultYearId, onSubmit }: SemesterFormProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const fields = useMemo((): SchemaField[] => {
    const rule = (field: string) => (_: unknown, values: FormValues) => fieldProblem(semesterProblems(semesterInputOf(values)), field);
    return [
      { name: 'schoolYearId', type: 'select', label: t`所属学年`, required: true, options: years.map((year) => ({ id: year.id, name: localName(year.name, year.nameEn) })), labelKey: 'name', valueKey: 'id', wide: true },
      { name: 'code', type: 'input', label: t`学期代码`, required: true, placeholder: t`如 2027-2028-1`, validate: rule('code') },
      { name: 'name', type: 'input', label: t`学期名称`, required: true, placeholder: t`如 2027-2028学年第一学期`, validate: rule('name') },
      { name: 'nameEn', type: 'input', label: t`英文名称`, placeholder: t`如 2027-2028 Semester 1`, validate: rule('nameEn') },
      { name: 'year', type: 'input-number', label: t`年份`, required: true, helperText: t`大于2000且小于9999的整数`, validate: rule('year') },
      {
        name: 'weeks',
        type: 'input-number',
        label: t`周数`,
        required: true,
        min: 1,
        validate: rule('weeks'),
      },
      { name: 'startDate', type: 'date-picker', label: t`工作开始日期`, required: true, validate: rule('startDate') },
      { name: 'endDate', type: 'date-picker', label: t`工作结束日期`, required: true, validate: rule('endDate') },
      { name: 'teachStartDate', type: 'date-picker', label: t`教学开始日期`, required: true, validate: rule('teachStartDate') },
      { name: 'teachEndDate', type: 'date-picker', label: t`教学结束日期`, required: true, validate: rule('teachEndDate') },
    ];
  }, [t, years, localName]);
  const initialValues = useMemo((): FormValues => {
    if (initial) {
      const { id: _id, schoolYearName: _name, schoolYearNameEn: _nameEn, isCurrent: _current, version: _version, ...rest } = initial;
      return rest;
    }
    const year = years.find((item) => item.id === defaultYearId) ?? years[0];
    return year ? { schoolYearId: year.id, year: Number(year.startDate.slice(0, 4)) } : {};
  }, [initial, years, defaultYearId]);
  return <SchemaForm id={id} fields={fields} initialValues={initialValues} columns={2} onSubmit={(values) => onSubmit(semesterInputOf(values, initial))} />;
}
