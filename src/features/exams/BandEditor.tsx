import { Button, Field, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { SCORE_BANDS_MAX, SCORE_BAND_NAME_MAX, scoreSystemIssues, type ScoreBandInput } from '../../../contracts/exam-rules';
import { ruleMessage } from './rule-messages';

/** One row of the band editor as typed (numbers stay text until saved). */
export interface BandDraft {
  key: string;
  name: string;
  /** optional: '' shows the Chinese name in English */
  nameEn: string;
  minScore: string;
  maxScore: string;
  conversionScore: string;
}

export type BandField = 'name' | 'nameEn' | 'minScore' | 'maxScore' | 'conversionScore';
export type BandErrors = Partial<Record<BandField, string>>[];

let nextKey = 0;
export const newBandKey = () => `band-${(nextKey += 1)}`;
export const emptyBand = (): BandDraft => ({ key: newBandKey(), name: '', nameEn: '', minScore: '', maxScore: '', conversionScore: '' });

/** '' is empty (null); anything else a number, NaN when it is not one (the rules call it not an integer). */
const numberOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export const bandInputOf = (row: BandDraft): ScoreBandInput => ({
  name: row.name.trim(),
  nameEn: row.nameEn.trim(),
  minScore: numberOf(row.minScore),
  maxScore: numberOf(row.maxScore),
  conversionScore: numberOf(row.conversionScore),
});

const NUMBER_FIELDS = ['minScore', 'maxScore', 'conversionScore'] as const;

/**
 * Each row's first problem per field: required, name length, then the shared score rules
 * (contracts/exams.ts scoreSystemIssues against the full mark): integers 0-200 and not above the full
 * mark, minimum not above maximum, conversion between them, names unique, no overlaps.
 */
export function bandErrors(rows: readonly BandDraft[], fullMark: number | null): BandErrors {
  const errors: BandErrors = rows.map(() => ({}));
  rows.forEach((row, index) => {
    if (!row.name.trim()) errors[index].name = t`请输入`;
    else if (row.name.trim().length > SCORE_BAND_NAME_MAX) errors[index].name = t`不能超过${SCORE_BAND_NAME_MAX}个字符`;
    if (row.nameEn.trim().length > SCORE_BAND_NAME_MAX) errors[index].nameEn = t`不能超过${SCORE_BAND_NAME_MAX}个字符`;
    for (const field of NUMBER_FIELDS) if (row[field].trim() === '') errors[index][field] = t`请输入`;
  });
  for (const issue of scoreSystemIssues({ fullMark, bands: rows.map(bandInputOf) })) {
    const match = /^bands\.(\d+)\.(\w+)$/.exec(issue.field);
    if (!match) continue;
    const row = errors[Number(match[1])];
    const field = match[2] as BandField;
    if (row && !row[field]) row[field] = ruleMessage(issue);
  }
  return errors;
}

export const hasBandErrors = (errors: BandErrors) => errors.some((row) => Object.keys(row).length > 0);

export interface BandEditorProps {
  rows: BandDraft[];
  onChange: (rows: BandDraft[]) => void;
  /** the system's full mark (bands stay within it); null while not typed */
  fullMark: number | null;
  /** after a save attempt every row shows its problems; before, only rows already edited */
  showAll?: boolean;
}

/** The grade bands of a score system as an editable list: add a row, remove a row, messages per row as typed. */
export function BandEditor({ rows, onChange, fullMark, showAll = false }: BandEditorProps) {
  const { t } = useLingui();
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const errors = bandErrors(rows, fullMark);

  const update = (index: number, field: BandField, value: string) => {
    const row = rows[index];
    setTouched((current) => new Set(current).add(row.key));
    onChange(rows.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
  };

  const labels: Record<BandField, string> = {
    name: t`等级名称`,
    nameEn: t`英文名称`,
    minScore: t`最低分`,
    maxScore: t`最高分`,
    conversionScore: t`换算分`,
  };
  const columns = { base: '1fr 1fr', md: '1.2fr 1.2fr 1fr 1fr 1fr auto' };

  return (
    <Stack gap="2" data-testid="band-editor">
      <Text fontWeight="medium">
        <Trans>等级</Trans>
      </Text>
      {rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          <Trans>尚未设置等级</Trans>
        </Text>
      ) : (
        rows.map((row, index) => {
          const shown = showAll || touched.has(row.key) ? errors[index] : {};
          const n = index + 1;
          return (
            <Grid key={row.key} templateColumns={columns} gap="2" alignItems="start" data-testid="band-row" borderBottomWidth="1px" pb="2">
              {(['name', 'nameEn', 'minScore', 'maxScore', 'conversionScore'] as const).map((field) => (
                <Field.Root key={field} invalid={Boolean(shown[field])} required={field !== 'nameEn'}>
                  <Field.Label fontSize="xs" color="fg.muted">
                    {labels[field]}
                  </Field.Label>
                  <Input
                    size="sm"
                    aria-label={t`第${n}行 ${labels[field]}`}
                    inputMode={field === 'name' || field === 'nameEn' ? undefined : 'numeric'}
                    value={row[field]}
                    onChange={(event) => update(index, field, event.currentTarget.value)}
                  />
                  {shown[field] && <Field.ErrorText>{shown[field]}</Field.ErrorText>}
                </Field.Root>
              ))}
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                alignSelf={{ base: 'start', md: 'end' }}
                aria-label={t`删除第${n}行`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                <Trans>删除</Trans>
              </Button>
            </Grid>
          );
        })
      )}
      <Button size="sm" variant="outline" alignSelf="start" disabled={rows.length >= SCORE_BANDS_MAX} onClick={() => onChange([...rows, emptyBand()])}>
        <Trans>添加等级</Trans>
      </Button>
    </Stack>
  );
}
