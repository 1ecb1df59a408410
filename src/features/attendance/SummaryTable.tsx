import { RequestError } from '../../components/RequestError';
import { Box, Button, Skeleton, Table, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { attendanceSummaryQuery } from './api';
import { AttendanceStatus } from '../../../contracts/attendance-constants';
import type { StatusOption } from './status';

export interface SummaryTableProps {
  classId: string;
  from: string;
  to: string;
  options: readonly StatusOption[];
  /** a student's name: their day-by-day history */
  onStudent: (studentId: string) => void;
}

const STICKY_NAME = {
  '& th, & td': { px: '2' },
  '& tr > :first-of-type': { position: 'sticky', insetInlineStart: '0', bg: 'bg', zIndex: 1, boxShadow: '1px 0 0 0 var(--chakra-colors-border)' },
  '& thead th': { whiteSpace: 'nowrap' },
} as const;

/** A class over a range: per student, the days of each status (counts other than present stand out). */
export function SummaryTable({ classId, from, to, options, onStudent }: SummaryTableProps) {
  const summary = useQuery(attendanceSummaryQuery({ classId, from, to }));
  if (summary.isPending) return <Skeleton h="40" />;
  if (summary.isError) {
    return <RequestError error={summary.error} />;
  }
  const { days, rows } = summary.data;
  const students = rows.length;
  return (
    <Box data-testid="history-summary">
      <Text fontSize="sm" color="fg.muted" mb="2">
        <Trans>
          共 {days} 个点名日，{students} 名学生
        </Trans>
      </Text>
      {/* narrow screens: the counts scroll under the student's name, which stays in view */}
      <Box overflowX="auto" borderWidth="1px" borderRadius="l2" bg="bg">
        <Table.Root size="sm" stickyHeader css={STICKY_NAME}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>学生</Trans>
              </Table.ColumnHeader>
              {options.map((option) => (
                <Table.ColumnHeader key={option.code} textAlign="end">
                  {option.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={options.length + 1} textAlign="center" color="fg.muted">
                  <Trans>暂无数据</Trans>
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row) => (
                <Table.Row key={row.studentId} data-testid="summary-row">
                  <Table.Cell>
                    <Button variant="plain" h="auto" p="0" minH="8" color="fg" _hover={{ color: 'brand.fg', textDecoration: 'underline' }} onClick={() => onStudent(row.studentId)}>
                      {row.studentName}
                      <Text as="span" color="fg.muted" fontSize="xs" ms="1">
                        {row.studentNo}
                      </Text>
                    </Button>
                  </Table.Cell>
                  {options.map((option) => {
                    const count = row.counts[option.code] ?? 0;
                    const notable = count > 0 && option.code !== AttendanceStatus.present;
                    return (
                      <Table.Cell key={option.code} textAlign="end" fontWeight={notable ? 'semibold' : undefined} color={count === 0 ? 'fg.subtle' : notable ? 'fg.error' : undefined}>
                        {count}
                      </Table.Cell>
                    );
                  })}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
