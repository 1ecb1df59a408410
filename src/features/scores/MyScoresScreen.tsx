import { Box, Field, Heading, NativeSelect, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { RequestError } from '../../components/RequestError';
import { dictLabel } from '../../lib/dicts';
import { formatNumber } from '../../lib/format';
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
        <Box overflowX="auto" borderWidth="1px" borderColor="border" borderRadius="l2">
          <Table.Root size="sm" data-testid="my-scores">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>考试批次</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>科目</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>成绩</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>满分</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>等级</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>班级平均分</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {scores.data.rows.map((row) => (
                <Table.Row key={`${row.batchId}:${row.subject}`} data-testid="my-score-row">
                  <Table.Cell>
                    {row.batchName}
                    <Text as="span" display="block" fontSize="xs" color="fg.muted">
                      {row.semesterName}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{dictLabel(subjects.data, row.subject, i18n.locale)}</Table.Cell>
                  <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="my-score-value">
                    {row.mark === ScoreMark.absent ? t`缺考` : row.mark === ScoreMark.exempt ? t`免考` : number(row.score)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{number(row.fullMark)}</Table.Cell>
                  <Table.Cell>{row.band || '—'}</Table.Cell>
                  <Table.Cell textAlign="end">{number(row.classAverage)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
