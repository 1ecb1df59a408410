import { Badge, Button, CloseButton, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { AttendanceHistoryRow } from '../../../contracts/attendance';
import { ATTENDANCE_EXPORT_PERMISSION, ATTENDANCE_RANGE_MAX_DAYS } from '../../../contracts/attendance-constants';
import { Permission } from '../../components/Permission';
import { SearchHeader } from '../../components/SearchHeader';
import { DataTable, type DataTableColumn } from '../../components/table/DataTable';
import { useTableQuery } from '../../components/table/table-query';
import { downloadFile } from '../../lib/download';
import { formatDate, formatDateTime } from '../../lib/format';
import { HttpError } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { attendanceClassesQuery, EXPORT_URL, HISTORY_URL } from './api';
import { addDays, compactHistorySearch, historyFiltersOf, historyPageOf, isoDay, type AttendanceHistoryParams } from './search';
import { statusPalette, useStatusOptions } from './status';
import { SummaryTable } from './SummaryTable';

export interface HistoryScreenProps {
  search: AttendanceHistoryParams;
  onSearchChange: (next: AttendanceHistoryParams, options?: { replace?: boolean }) => void;
}

interface Draft {
  classId: string;
  from: string;
  to: string;
  status: string;
}

const rowKey = (row: AttendanceHistoryRow) => `${row.date}:${row.studentId}`;
const rowProps = (row: AttendanceHistoryRow) => ({ 'data-testid': 'history-row', 'data-status': row.status });

/** Days from `from` to `to`, both counted. */
const spanDays = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * /xssw/xskq/history: one row per student and day, for a class or one student, over a date range,
 * optionally one status; filters and paging live in the URL. Export (.xlsx) with xskq_export.
 */
export function HistoryScreen({ search, onSearchChange }: HistoryScreenProps) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const today = isoDay();
  const filters = historyFiltersOf(search, today);
  const { page, size } = historyPageOf(search);
  const classes = useQuery(attendanceClassesQuery(today));
  const { options, label } = useStatusOptions();
  const ready = Boolean(filters.classId || filters.studentId);
  // the summary is a class's; with one student chosen the rows are the useful view
  const summary = search.view === 'summary' && Boolean(filters.classId) && !filters.studentId;
  const table = useTableQuery<AttendanceHistoryRow>({ url: HISTORY_URL, kind: 'A', filters, page, size, enabled: ready && !summary });
  const [exporting, setExporting] = useState(false);

  const draftOf = (): Draft => ({ classId: search.classId ?? '', from: filters.from, to: filters.to, status: search.status ?? '' });
  const [draft, setDraft] = useState<Draft>(draftOf);
  const [syncedFrom, setSyncedFrom] = useState(search);
  if (syncedFrom.classId !== search.classId || syncedFrom.from !== search.from || syncedFrom.to !== search.to || syncedFrom.status !== search.status) {
    setSyncedFrom(search);
    setDraft(draftOf());
  }
  const rangeError =
    draft.from > draft.to
      ? t`开始日期不能晚于结束日期`
      : draft.to > today
        ? t`结束日期不能晚于今天`
        : spanDays(draft.from, draft.to) > ATTENDANCE_RANGE_MAX_DAYS
          ? t`日期范围不能超过 ${ATTENDANCE_RANGE_MAX_DAYS} 天`
          : null;

  // a teacher lands on their first class; a manager (every class) chooses
  const firstOwnClass = (classes.data ?? []).find((item) => item.duties.length > 0)?.classId;
  useEffect(() => {
    if (!ready && firstOwnClass) onSearchChange(compactHistorySearch({ ...search, classId: firstOwnClass }), { replace: true });
  }, [ready, firstOwnClass, search, onSearchChange]);

  const apply = (next: Partial<AttendanceHistoryParams>, options?: { replace?: boolean }) =>
    onSearchChange(compactHistorySearch({ ...search, ...next }), options);

  const studentName = search.studentId ? table.rows.find((row) => row.studentId === search.studentId)?.studentName : undefined;

  const columns = useMemo((): DataTableColumn<AttendanceHistoryRow>[] => {
    const day = (iso: string) => formatDate(`${iso}T00:00:00`, { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' }, i18n.locale);
    return [
      { key: 'date', title: t`日期`, nowrap: true, render: (row) => <time dateTime={row.date}>{day(row.date)}</time> },
      { key: 'className', title: t`班级`, hideBelow: 'md', nowrap: true, render: (row) => localName(row.className, row.classNameEn) },
      {
        key: 'studentName',
        title: t`学生`,
        render: (row) => (
          <Button
            variant="plain"
            h="auto"
            p="0"
            color="fg"
            _hover={{ color: 'brand.fg', textDecoration: 'underline' }}
            title={t`只看该学生`}
            onClick={() => onSearchChange(compactHistorySearch({ ...search, studentId: row.studentId, page: undefined }))}
          >
            {row.studentName}
            <Text as="span" color="fg.muted" fontSize="xs" ms="1">
              {row.studentNo}
            </Text>
          </Button>
        ),
      },
      {
        key: 'status',
        title: t`状态`,
        nowrap: true,
        render: (row) => <Badge colorPalette={statusPalette(row.status)}>{label(row.status)}</Badge>,
      },
      { key: 'remark', title: t`备注`, hideBelow: 'sm', muted: true },
      {
        key: 'takenByName',
        title: t`点名人`,
        hideBelow: 'lg',
        muted: true,
        nowrap: true,
        render: (row) => (
          <>
            {row.takenByName} · {formatDateTime(row.takenAt, i18n.locale)}
          </>
        ),
      },
    ];
  }, [t, i18n.locale, localName, label, search, onSearchChange]);

  const exportExcel = async () => {
    setExporting(true);
    try {
      // the server names the file (in the caller's language, RFC 5987)
      await downloadFile(EXPORT_URL, { method: 'POST', body: filters });
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`导出失败`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Stack gap="0" flex="1">
          <Text fontSize="sm" color="fg.muted">
            <Link to="/xssw/xskq">
              <Trans>学生考勤</Trans>
            </Link>
          </Text>
          <Heading as="h1" size="lg">
            <Trans>考勤历史</Trans>
          </Heading>
        </Stack>
        <Permission anyOf={[ATTENDANCE_EXPORT_PERMISSION]}>
          <Button variant="outline" colorPalette="brand" minH="11" loading={exporting} disabled={!ready} onClick={() => void exportExcel()}>
            <Trans>导出 Excel</Trans>
          </Button>
        </Permission>
      </Flex>

      <SearchHeader
        busy={table.refreshing}
        onSearch={() => {
          if (rangeError) return;
          apply({
            classId: draft.classId || undefined,
            from: draft.from,
            to: draft.to,
            status: draft.status || undefined,
            page: undefined,
          });
        }}
        onReset={() => onSearchChange(compactHistorySearch({ classId: search.classId, size: search.size }))}
      >
        <Field.Root width={{ base: 'full', sm: '48' }}>
          <Field.Label fontSize="sm">
            <Trans>班级</Trans>
          </Field.Label>
          <NativeSelect.Root size="md">
            <NativeSelect.Field
              minH="11"
              value={draft.classId}
              onChange={(event) => setDraft({ ...draft, classId: event.currentTarget.value })}
            >
              <option value="">{t`请选择`}</option>
              {(classes.data ?? []).map((item) => (
                <option key={item.classId} value={item.classId}>
                  {localName(item.className, item.classNameEn)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }} invalid={Boolean(rangeError)}>
          <Field.Label fontSize="sm">
            <Trans>开始日期</Trans>
          </Field.Label>
          <Input type="date" minH="11" value={draft.from} max={draft.to} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }} invalid={Boolean(rangeError)}>
          <Field.Label fontSize="sm">
            <Trans>结束日期</Trans>
          </Field.Label>
          <Input type="date" minH="11" value={draft.to} max={today} onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })} />
          {rangeError ? <Field.ErrorText>{rangeError}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '32' }}>
          <Field.Label fontSize="sm">
            <Trans>状态</Trans>
          </Field.Label>
          <NativeSelect.Root size="md">
            <NativeSelect.Field minH="11" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.currentTarget.value })}>
              <option value="">{t`全部`}</option>
              {options.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchHeader>

      <HStack gap="2" wrap="wrap">
        <HStack gap="0" role="group" aria-label={t`视图`}>
          <Button size="sm" minH="11" borderEndRadius="0" variant={summary ? 'outline' : 'solid'} colorPalette="brand" aria-pressed={!summary} onClick={() => apply({ view: undefined })}>
            <Trans>明细</Trans>
          </Button>
          <Button
            size="sm"
            minH="11"
            borderStartRadius="0"
            variant={summary ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={summary}
            disabled={!filters.classId}
            onClick={() => apply({ view: 'summary', studentId: undefined, page: undefined })}
          >
            <Trans>按学生汇总</Trans>
          </Button>
        </HStack>
        <Button size="xs" variant="outline" minH="9" onClick={() => apply({ from: addDays(today, -6), to: undefined, page: undefined })}>
          <Trans>近 7 天</Trans>
        </Button>
        <Button size="xs" variant="outline" minH="9" onClick={() => apply({ from: undefined, to: undefined, page: undefined })}>
          <Trans>近 30 天</Trans>
        </Button>
        {search.studentId ? (
          <Badge size="lg" colorPalette="brand" variant="subtle" data-testid="history-student">
            <Trans>学生：{studentName ?? '…'}</Trans>
            <CloseButton size="2xs" aria-label={t`查看全班`} onClick={() => apply({ studentId: undefined, page: undefined })} />
          </Badge>
        ) : null}
      </HStack>

      {!ready ? (
        <Text color="fg.muted" data-testid="history-choose-class">
          <Trans>请选择班级</Trans>
        </Text>
      ) : summary ? (
        <SummaryTable
          classId={filters.classId!}
          from={filters.from}
          to={filters.to}
          options={options}
          onStudent={(studentId) => apply({ studentId, view: undefined, page: undefined })}
        />
      ) : (
        <DataTable
          data-testid="history-table"
          columns={columns}
          rows={table.rows}
          total={table.total}
          page={page}
          size={size}
          loading={table.loading}
          refreshing={table.refreshing}
          rowKey={rowKey}
          rowProps={rowProps}
          onPageChange={(nextPage, nextSize) => apply({ page: nextPage, size: nextSize })}
        />
      )}
    </Stack>
  );
}
