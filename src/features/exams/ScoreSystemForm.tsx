import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { SCORE_BOUNDARY_MAX, SCORE_SYSTEM_NAME_MAX, scoreSystemIssues } from '../../../contracts/exam-rules';
import type { ExamBatchRow, ScoreSystemRow } from '../../../contracts/exams';
import { SchemaForm, type FormValues, type SchemaField } from '../../components/form/SchemaForm';
import { useLocalName } from '../../lib/local-name';
import { BandEditor, bandErrors, hasBandErrors, newBandKey, type BandDraft } from './BandEditor';
import { ruleMessage } from './rule-messages';

export interface ScoreSystemFormValues {
  name: string;
  gradeIds: string[];
  subjects: string[];
  fullMark: number;
  excellentLine: number;
  passLine: number;
  ratio: number;
  bands: { name: string; nameEn: string; minScore: number; maxScore: number; conversionScore: number }[];
}

export interface ScoreSystemFormProps {
  id: string;
  batch: ExamBatchRow;
  subjectNames: ReadonlyMap<string, string>;
  system?: ScoreSystemRow;
  onSubmit: (values: ScoreSystemFormValues) => Promise<unknown>;
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const numberOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/**
 * A score system: name, the batch's grades and subjects it covers (none ticked = all), full mark,
 * excellent and pass lines, ratio (SchemaForm), and its grade bands (BandEditor). The shared rules
 * (contracts/exams.ts) give the messages; a save with a band problem stays in the form.
 */
export function ScoreSystemForm({ id, batch, subjectNames, system, onSubmit }: ScoreSystemFormProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const [fullMark, setFullMark] = useState<number | null>(system?.fullMark ?? 100);
  const [bands, setBands] = useState<BandDraft[]>(() =>
    (system?.bands ?? []).map((band) => ({
      key: newBandKey(),
      name: band.name,
      nameEn: band.nameEn,
      minScore: String(band.minScore),
      maxScore: String(band.maxScore),
      conversionScore: String(band.conversionScore),
    })),
  );
  const [showAll, setShowAll] = useState(false);

  const fields = useMemo((): SchemaField[] => {
    const issue = (values: FormValues, field: string) => {
      const found = scoreSystemIssues({ fullMark: numberOf(values.fullMark), excellentLine: numberOf(values.excellentLine), passLine: numberOf(values.passLine) }).find(
        (item) => item.field === field,
      );
      return found ? ruleMessage(found) : null;
    };
    return [
      {
        name: 'name',
        type: 'input',
        label: t`体系名称`,
        required: true,
        validate: (value) => (String(value ?? '').trim().length > SCORE_SYSTEM_NAME_MAX ? t`不能超过${SCORE_SYSTEM_NAME_MAX}个字符` : null),
      },
      {
        name: 'fullMark',
        type: 'input-number',
        label: t`满分`,
        required: true,
        min: 0,
        max: SCORE_BOUNDARY_MAX,
        step: 1,
        validate: (_value, values) => issue(values, 'fullMark'),
      },
      {
        name: 'gradeIds',
        type: 'checkbox-group',
        label: t`适用年级`,
        helperText: t`不选表示该批次的全部年级`,
        wide: true,
        options: batch.gradeIds.map((gradeId, index) => ({ mc: localName(batch.gradeNames[index], batch.gradeNamesEn[index]) || gradeId, wid: gradeId })),
      },
      {
        name: 'subjects',
        type: 'checkbox-group',
        label: t`适用科目`,
        helperText: t`不选表示该批次的全部科目`,
        wide: true,
        options: batch.subjects.map((code) => ({ mc: subjectNames.get(code) ?? code, wid: code })),
      },
      {
        name: 'excellentLine',
        type: 'input-number',
        label: t`优秀线`,
        required: true,
        min: 0,
        max: SCORE_BOUNDARY_MAX,
        step: 0.5,
        strict: false,
        precision: 2,
        validate: (_value, values) => issue(values, 'excellentLine'),
      },
      {
        name: 'passLine',
        type: 'input-number',
        label: t`及格线`,
        required: true,
        min: 0,
        max: SCORE_BOUNDARY_MAX,
        step: 0.5,
        strict: false,
        precision: 2,
        validate: (_value, values) => issue(values, 'passLine'),
      },
      { name: 'ratio', type: 'input-number', label: t`折算比例`, required: true, min: 0, max: 1, step: 0.1, strict: false, precision: 3, helperText: t`0-1，该批次成绩计入学期总评的比例` },
    ];
  }, [t, localName, batch, subjectNames]);

  const initialValues: FormValues = system
    ? {
        name: system.name,
        gradeIds: system.gradeIds,
        subjects: system.subjects,
        fullMark: system.fullMark,
        excellentLine: system.excellentLine,
        passLine: system.passLine,
        ratio: system.ratio,
      }
    : { name: '', gradeIds: [], subjects: [], fullMark: 100, excellentLine: 85, passLine: 60, ratio: 1 };

  const submit = (values: FormValues) => {
    setShowAll(true);
    if (hasBandErrors(bandErrors(bands, numberOf(values.fullMark)))) return Promise.reject(new Error('band rules'));
    return onSubmit({
      name: String(values.name ?? '').trim(),
      gradeIds: asList(values.gradeIds),
      subjects: asList(values.subjects),
      fullMark: numberOf(values.fullMark) ?? 0,
      excellentLine: numberOf(values.excellentLine) ?? 0,
      passLine: numberOf(values.passLine) ?? 0,
      ratio: numberOf(values.ratio) ?? 1,
      bands: bands.map((band) => ({
        name: band.name.trim(),
        nameEn: band.nameEn.trim(),
        minScore: Number(band.minScore),
        maxScore: Number(band.maxScore),
        conversionScore: Number(band.conversionScore),
      })),
    });
  };

  return (
    <Stack gap="6">
      <SchemaForm id={id} columns={2} fields={fields} initialValues={initialValues} onValuesChange={(values) => setFullMark(numberOf(values.fullMark))} onSubmit={submit} />
      <BandEditor rows={bands} onChange={setBands} fullMark={fullMark} showAll={showAll} />
    </Stack>
  );
}
