import { Field, Heading, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { RequestError } from '../../components/RequestError';
import { ListTable } from '../../components/table/ListTable';
import { dictLabel } from '../../lib/dicts';
import { formatNumber } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { myScoresQuery, subjectDictQuery } from './api';
import { ScoreMark } from '../../../contracts/score-rules';
import type { MyScoresSearchParams } from './search';

export interface MyScoresScreenProps {
  search: MyScoresSearchParams;
  onSearchChange: (next: MyScoresSearchParams) => void;
}

/**
 * /jxgl/wdcj 我的成绩: a student's published scores (a parent's child's; a parent with several children
 * picks one). Batch, subject, score or mark, full mark, band, class average.
 */
export function MyScoresScreen({ search, onSearchChange }: MyScoresScreenProps) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const scores = useQuery(myScoresQuery(search.studentId));
  const subjects = useQuery(subjectDictQuery());
  const number = (value: number | null) => (value === null ? '—' : formatNumber(Number(value), { maximumFractionDigits: 2 }, i18n.locale));
  const children = scores.data?.children ?? [];

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>我的成绩</Trans>
      </Heading>
      {children.length > 1 ? (
        <Field.Root maxW="16rem">
          <Field.Label>
            <Trans>孩子</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              data-testid="pick-child"
              value={search.studentId ?? children[0].studentId}
              onChange={(event) => onSearchChange({ studentId: event.target.value || undefined })}
            >
              {children.map((child) => (
                <option key={child.studentId} value={child.studentId}>
                  {child.studentName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : null}
      {scores.isPending ? (
        <Stack gap="2">
          <Skeleton h="8" />
          <Skeleton h="8" />
        </Stack>
      ) : scores.isError && !scores.data ? (
        <RequestError error={scores.error} testId="my-scores-error" />
      ) : scores.data.rows.length === 0 ? (
        <Text color="fg.muted" data-testid="my-scores-empty">
          <Trans>暂无已发布的成绩</Trans>
        </Text>
      ) : (
        <ListTable
          data-testid="my-scores"
          rows={scores.data.rows}
          rowKey={(row) => `${row.batchId}:${row.subject}`}
          rowProps={() => ({ 'data-testid': 'my-score-row' })}
          columns={[
            {
              key: 'batch',
              title: t`考试批次`,
              card: 'title',
              render: (row) => (
                <>
                  {row.batchName}
                  <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                    {localName(row.semesterName, row.semesterNameEn)}
                  </Text>
                </>
              ),
            },
            { key: 'subject', title: t`科目`, nowrap: true, render: (row) => dictLabel(subjects.data, row.subject, i18n.locale) },
            {
              key: 'score',
              title: t`成绩`,
              align: 'end',
              nowrap: true,
              render: (row) => (
                <Text as="span" fontVariantNumeric="tabular-nums" data-testid="my-score-value">
                  {row.mark === ScoreMark.absent ? t`缺考` : row.mark === ScoreMark.exempt ? t`免考` : number(row.score)}
                </Text>
              ),
            },
            { key: 'fullMark', title: t`满分`, align: 'end', nowrap: true, render: (row) => number(row.fullMark) },
            { key: 'band', title: t`等级`, nowrap: true, render: (row) => localName(row.band, row.bandEn) || '—' },
            { key: 'classAverage', title: t`班级平均分`, align: 'end', nowrap: true, render: (row) => number(row.classAverage) },
          ]}
        />
      )}
    </Stack>
  );
}
