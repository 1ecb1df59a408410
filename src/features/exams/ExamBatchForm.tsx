import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { EXAM_NAME_MAX, EXAM_SORT_MAX, examBatchIssues } from '../../../contracts/exam-rules';
import type { ExamBatchRow, ExamOptions } from '../../../contracts/exams';
import { SchemaForm, type FormValues, type SchemaField } from '../../components/form/SchemaForm';
import { semesterPickerOrder } from '../../components/SemesterSelect';
import { useLocalName } from '../../lib/local-name';
import { ruleMessage } from './rule-messages';

export interface ExamBatchFormValues {
  name: string;
  semesterId: string;
  gradeIds: string[];
  subjects: string[];
  startDate: string;
  endDate: string;
  sort: number;
  regular: boolean;
}

export interface ExamBatchFormProps {
  id: string;
  options: ExamOptions;
  /** the batch being edited; undefined: a new one in `semesterId` */
  batch?: ExamBatchRow;
  semesterId: string;
  onSubmit: (values: ExamBatchFormValues) => Promise<unknown>;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const numberOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The batch form (SchemaForm): the date helper on the start, the shared rules (contracts/exams.ts) on end and sort. */
export function ExamBatchForm({ id, options, batch, semesterId, onSubmit }: ExamBatchFormProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const fields = useMemo((): SchemaField[] => {
    const issue = (values: FormValues, field: string) => {
      const found = examBatchIssues({
        startDate: String(values.startDate ?? ''),
        endDate: String(values.endDate ?? ''),
        sort: numberOf(values.sort),
        regular: values.regular === '1',
      }).find((item) => item.field === field);
      return found ? ruleMessage(found) : null;
    };
    // grades of an old batch that have graduated since stay choosable on it
    const grades = [...options.grades];
    for (const [index, gradeId] of (batch?.gradeIds ?? []).entries()) {
      if (!grades.some((grade) => grade.id === gradeId)) grades.push({ id: gradeId, name: batch?.gradeNames[index] || gradeId, nameEn: batch?.gradeNamesEn[index] ?? '' });
    }
    return [
      {
        name: 'name',
        type: 'input',
        label: t`考试名称`,
        required: true,
        validate: (value) => (String(value ?? '').trim().length > EXAM_NAME_MAX ? t`不能超过${EXAM_NAME_MAX}个字符` : null),
      },
      { name: 'semesterId', type: 'select', label: t`学期`, required: true, options: semesterPickerOrder(options.semesters).map((s) => ({ mc: localName(s.name, s.nameEn), wid: s.id })) },
      { name: 'gradeIds', type: 'checkbox-group', label: t`年级`, required: true, wide: true, options: grades.map((g) => ({ mc: localName(g.name, g.nameEn), wid: g.id })) },
      { name: 'subjects', type: 'checkbox-group', label: t`科目`, required: true, wide: true, options: options.subjects.map((s) => ({ mc: localName(s.name, s.nameEn), wid: s.code })) },
      { name: 'startDate', type: 'date-picker', label: t`开始日期`, required: true, before: 'endDate' },
      { name: 'endDate', type: 'date-picker', label: t`结束日期`, required: true, validate: (_value, values) => issue(values, 'endDate') },
      { name: 'regular', type: 'switch', label: t`常规考试`, helperText: t`常规考试（月考、期中、期末）的排序为10的倍数` },
      {
        name: 'sort',
        type: 'input-number',
        label: t`排序`,
        required: true,
        min: 0,
        max: EXAM_SORT_MAX,
        step: 1,
        validate: (_value, values) => issue(values, 'sort'),
      },
    ];
  }, [t, localName, options, batch]);

  const initialValues: FormValues = batch
    ? {
        name: batch.name,
        semesterId: batch.semesterId,
        gradeIds: batch.gradeIds,
        subjects: batch.subjects,
        startDate: batch.startDate,
        endDate: batch.endDate,
        sort: batch.sort,
        regular: batch.regular ? '1' : '0',
      }
    : { name: '', semesterId, gradeIds: [], subjects: [], startDate: '', endDate: '', sort: 10, regular: '1' };

  return (
    <SchemaForm
      id={id}
      columns={2}
      fields={fields}
      initialValues={initialValues}
      onSubmit={(values) =>
        onSubmit({
          name: String(values.name ?? '').trim(),
          semesterId: String(values.semesterId ?? ''),
          gradeIds: asList(values.gradeIds),
          subjects: asList(values.subjects),
          startDate: String(values.startDate ?? ''),
          endDate: String(values.endDate ?? ''),
          sort: numberOf(values.sort) ?? 0,
          regular: values.regular === '1',
        })
      }
    />
  );
}
