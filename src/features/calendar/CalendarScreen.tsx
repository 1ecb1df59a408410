import { Alert, Badge, Box, Button, Flex, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { CalendarSetCurrentResult, SchoolYear, SchoolYearInput, Semester, SemesterInput } from '../../../contracts/calendar';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../components/confirmed-delete';
import { FormShell } from '../../components/FormShell';
import { Permission } from '../../components/Permission';
import { RequestError } from '../../components/RequestError';
import { DataTable, type DataTableColumn } from '../../components/table/DataTable';
import { useListSelection } from '../../components/table/list-state';
import { selectionColumn } from '../../components/table/selection';
import { useTableQuery } from '../../components/table/table-query';
import { HttpError, post } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { refreshAfterSemesterChange, refreshCalendar, saveSchoolYear, saveSemester, schoolYearsQuery, SEMESTERS_URL, setCurrentSemester } from './api';
import { CALENDAR_ADD_PERMISSION, CALENDAR_DELETE_PERMISSION, CALENDAR_EDIT_PERMISSION } from '../../../contracts/calendar-rules';
import { SchoolYearForm, SemesterForm } from './forms';
import type { CalendarSearch } from './search';

export interface CalendarScreenProps {
  search: CalendarSearch;
  onSearchChange: (next: CalendarSearch) => void;
}

type Editing<T> = { mode: 'add' } | { mode: 'edit'; row: T } | null;

/** A write's refusal as a warning toast, then rethrown so the form keeps what was typed. */
const YEARS_DELETE_URL = '/api/calendar/years/delete';
const SEMESTERS_DELETE_URL = '/api/calendar/semesters/delete';

function warnAndRethrow(error: unknown): never {
  if (error instanceof HttpError && error.kind === 'failure') notify.warning(error.msg);
  throw error;
}

/**
 * 学年学期 (/xlcd/xnxq): school years and their semesters, each with add, edit, delete (one or
 * several); the current semester marked; setting a later semester current asks twice (it is
 * irreversible and, for a new school year, moves every grade up), then says what moved.
 */
export function CalendarScreen({ search, onSearchChange }: CalendarScreenProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const years = useQuery(schoolYearsQuery());
  const yearList = useMemo(() => years.data ?? [], [years.data]);
  const page = search.page ?? 0;
  const size = search.size ?? 10;
  const filters = useMemo(() => ({ schoolYearId: search.year ?? '' }), [search.year]);
  const table = useTableQuery<Semester>({ url: SEMESTERS_URL, kind: 'A', filters, page, size });

  const [yearForm, setYearForm] = useState<Editing<SchoolYear>>(null);
  const [semesterForm, setSemesterForm] = useState<Editing<Semester>>(null);
  const [switching, setSwitching] = useState<{ semester: Semester; step: 1 | 2 } | null>(null);
  const [busy, setBusy] = useState(false);
  // the school years come whole (a school has a few dozen at most): paged here
  const [yearPage, setYearPage] = useState({ page: 0, size: 10 });
  const [outcome, setOutcome] = useState<CalendarSetCurrentResult | null>(null);
  const [pickedYears, setPickedYears] = useListSelection(yearPage);
  const [pickedSemesters, setPickedSemesters] = useListSelection(search);
  // one question for a row's 删除 and 批量删除 of either list: which call, which ids
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<{ url: string; ids: string[] }>({
    remove: ({ url, ids }) => post(url, { ids }),
    onDeleted: () => {
      setPickedYears(new Set());
      setPickedSemesters(new Set());
    },
    onSettled: () => refreshCalendar(queryClient),
  });

  const currentYear = yearList.find((year) => year.isCurrent);

  const afterWrite = async (msg?: string) => {
    if (msg) notify.success(msg);
    setPickedYears(new Set());
    setPickedSemesters(new Set());
    await refreshCalendar(queryClient);
  };

  const submitYear = async (input: SchoolYearInput) => {
    const { msg } = await saveSchoolYear(input).catch(warnAndRethrow);
    setYearForm(null);
    await afterWrite(msg);
  };
  const submitSemester = async (input: SemesterInput) => {
    const { msg } = await saveSemester(input).catch(warnAndRethrow);
    setSemesterForm(null);
    await afterWrite(msg);
  };

  const outcomeText = (result: CalendarSetCurrentResult) =>
    result.upgraded
      ? t`已将“${localName(result.semester.name, result.semester.nameEn)}”设为当前学期：${result.movedGrades}个年级升级，${result.graduatedGrades}个年级毕业`
      : t`已将“${localName(result.semester.name, result.semester.nameEn)}”设为当前学期（同一学年内切换，年级不变）`;

  const confirmSwitch = async () => {
    if (!switching) return;
    if (switching.step === 1) {
      setSwitching({ ...switching, step: 2 });
      return;
    }
    setBusy(true);
    try {
      const { data } = await setCurrentSemester(switching.semester.id);
      setSwitching(null);
      setOutcome(data);
      notify.success(outcomeText(data));
      await refreshAfterSemesterChange(queryClient);
    } catch (error) {
      setSwitching(null);
      if (error instanceof HttpError && error.kind === 'failure') notify.warning(error.msg);
    } finally {
      setBusy(false);
    }
  };

  const yearRows = useMemo(() => yearList.slice(yearPage.page * yearPage.size, (yearPage.page + 1) * yearPage.size), [yearList, yearPage]);
  // the shared selection column: select-all in a named header, a named box per row (batch delete)
  const yearColumns = useMemo(
    (): DataTableColumn<SchoolYear>[] => [
      selectionColumn({ rows: yearRows, rowKey: (row) => row.id, selected: pickedYears, onChange: setPickedYears, allLabel: t`全选学年`, rowLabel: (row) => t`选择${localName(row.name, row.nameEn)}` }),
      { key: 'code', title: t`学年代码`, nowrap: true, hideBelow: 'md' },
      {
        key: 'name',
        title: t`学年名称`,
        render: (row) => (
          <HStack gap="2" wrap="wrap">
            <Text as="span">{localName(row.name, row.nameEn)}</Text>
            {row.isCurrent && (
              <Badge colorPalette="green" variant="solid" data-testid="current-year-badge">
                <Trans>当前学年</Trans>
              </Badge>
            )}
          </HStack>
        ),
      },
      { key: 'range', title: t`起止日期`, nowrap: true, render: (row) => `${row.startDate} ~ ${row.endDate}`, hideBelow: 'sm' },
      { key: 'semesterCount', title: t`学期数`, align: 'end', hideBelow: 'sm' },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <HStack gap="1">
            <Permission anyOf={[CALENDAR_EDIT_PERMISSION]}>
              <Button size="xs" variant="ghost" onClick={() => setYearForm({ mode: 'edit', row })}>
                <Trans>编辑</Trans>
              </Button>
            </Permission>
            <Permission anyOf={[CALENDAR_DELETE_PERMISSION]}>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => askDelete({ url: YEARS_DELETE_URL, ids: [row.id] })}>
                <Trans>删除</Trans>
              </Button>
            </Permission>
          </HStack>
        ),
      },
    ],
    [t, localName, yearRows, pickedYears, setPickedYears, askDelete],
  );

  const semesterColumns = useMemo(
    (): DataTableColumn<Semester>[] => [
      selectionColumn({ rows: table.rows, rowKey: (row) => row.id, selected: pickedSemesters, onChange: setPickedSemesters, allLabel: t`全选学期`, rowLabel: (row) => t`选择${localName(row.name, row.nameEn)}` }),
      {
        key: 'name',
        title: t`学期名称`,
        minWidth: '10rem',
        render: (row) => (
          <Stack gap="0">
            <HStack gap="2" wrap="wrap">
              <Text as="span" fontWeight={row.isCurrent ? 'semibold' : undefined}>
                {localName(row.name, row.nameEn)}
              </Text>
              {row.isCurrent && (
                <Badge colorPalette="green" variant="solid" data-testid="current-semester-badge">
                  <Trans>当前学期</Trans>
                </Badge>
              )}
            </HStack>
            <Text as="span" fontSize="xs" color="fg.muted">
              {row.code}
            </Text>
          </Stack>
        ),
      },
      { key: 'schoolYearName', title: t`所属学年`, nowrap: true, hideBelow: 'md', render: (row) => localName(row.schoolYearName, row.schoolYearNameEn) },
      { key: 'year', title: t`年份`, align: 'end', hideBelow: 'lg' },
      { key: 'work', title: t`工作日期`, render: (row) => `${row.startDate} ~ ${row.endDate}`, hideBelow: 'sm' },
      { key: 'teach', title: t`教学日期`, render: (row) => `${row.teachStartDate} ~ ${row.teachEndDate}`, hideBelow: 'lg' },
      { key: 'weeks', title: t`周数`, align: 'end', hideBelow: 'md' },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <Flex gap="1" wrap={{ base: 'wrap', xl: 'nowrap' }}>
            <Permission anyOf={[CALENDAR_EDIT_PERMISSION]}>
              <Button size="xs" variant="ghost" onClick={() => setSemesterForm({ mode: 'edit', row })}>
                <Trans>编辑</Trans>
              </Button>
              {!row.isCurrent && (
                <Button size="xs" variant="ghost" colorPalette="brand" onClick={() => setSwitching({ semester: row, step: 1 })}>
                  <Trans>设为当前学期</Trans>
                </Button>
              )}
            </Permission>
            <Permission anyOf={[CALENDAR_DELETE_PERMISSION]}>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => askDelete({ url: SEMESTERS_DELETE_URL, ids: [row.id] })}>
                <Trans>删除</Trans>
              </Button>
            </Permission>
          </Flex>
        ),
      },
    ],
    [t, localName, table.rows, pickedSemesters, setPickedSemesters, askDelete],
  );

  /** batch delete: with nothing ticked, the SPEC's 'selected … not set' message; else the delete button's confirmation */
  const batchDelete = (url: string, picked: ReadonlySet<string>, nothing: string) =>
    picked.size === 0 ? (
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => notify.warning(nothing)}>
        <Trans>批量删除</Trans>
      </Button>
    ) : (
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => askDelete({ url, ids: [...picked] })}>
        <Trans>批量删除（{picked.size}）</Trans>
      </Button>
    );

  const switchName = switching ? localName(switching.semester.name, switching.semester.nameEn) : '';

  return (
    <Stack gap="6" data-testid="calendar-screen">
      <Stack gap="1">
        <Heading as="h1" size="lg">
          <Trans>学年学期</Trans>
        </Heading>
        <Text color="fg.muted" data-testid="current-semester">
          {currentYear?.currentSemesterName ? (
            <Trans>
              当前学期：{localName(currentYear.currentSemesterName, currentYear.currentSemesterNameEn)}（{localName(currentYear.name, currentYear.nameEn)}）
            </Trans>
          ) : (
            <Trans>尚未设置当前学期</Trans>
          )}
        </Text>
      </Stack>

      {outcome && (
        <Alert.Root status={outcome.upgraded && outcome.notGraduatedStudents > 0 ? 'warning' : 'success'} data-testid="switch-outcome">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcomeText(outcome)}</Alert.Title>
            {outcome.upgraded && (
              <Alert.Description>
                <Trans>班级已随年级升级并更名，学生仍在原班级；毕业年级已标记为毕业。</Trans>
              </Alert.Description>
            )}
            {outcome.upgraded && outcome.notGraduatedStudents > 0 && (
              <Alert.Description fontWeight="medium" data-testid="switch-outcome-not-graduated">
                <Trans>毕业年级有 {outcome.notGraduatedStudents} 名学生未能毕业（入学或进班日期晚于今天），请在毕业管理中办理</Trans>
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}

      <Stack gap="3" as="section" aria-labelledby="calendar-years">
        <Flex gap="2" wrap="wrap" align="center">
          <Heading as="h2" size="md" id="calendar-years" flex="1" minW="8rem">
            <Trans>学年</Trans>
          </Heading>
          <Permission anyOf={[CALENDAR_ADD_PERMISSION]}>
            <Button size="sm" colorPalette="brand" onClick={() => setYearForm({ mode: 'add' })}>
              <Trans>新增学年</Trans>
            </Button>
          </Permission>
          <Permission anyOf={[CALENDAR_DELETE_PERMISSION]}>{batchDelete(YEARS_DELETE_URL, pickedYears, t`未选择学年，或所选学年已不存在`)}</Permission>
        </Flex>
        {years.isError ? (
          <RequestError error={years.error} />
        ) : (
          <DataTable
            data-testid="years-table"
            label={t`学年`}
            columns={yearColumns}
            rows={yearRows}
            total={yearList.length}
            page={yearPage.page}
            size={yearPage.size}
            loading={years.isPending}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ 'data-testid': 'year-row', 'data-current': row.isCurrent ? 'true' : undefined })}
            onPageChange={(nextPage, nextSize) => setYearPage({ page: nextPage, size: nextSize })}
          />
        )}
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="calendar-semesters">
        <Flex gap="2" wrap="wrap" align="center">
          <Heading as="h2" size="md" id="calendar-semesters" flex="1" minW="8rem">
            <Trans>学期</Trans>
          </Heading>
          <NativeSelect.Root size="sm" width={{ base: 'full', sm: '14rem' }}>
            <NativeSelect.Field
              aria-label={t`按学年筛选`}
              value={search.year ?? ''}
              onChange={(event) => onSearchChange({ ...search, year: event.target.value || undefined, page: undefined })}
            >
              <option value="">{t`全部学年`}</option>
              {yearList.map((year) => (
                <option key={year.id} value={year.id}>
                  {localName(year.name, year.nameEn)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Permission anyOf={[CALENDAR_ADD_PERMISSION]}>
            <Button size="sm" colorPalette="brand" onClick={() => setSemesterForm({ mode: 'add' })} disabled={yearList.length === 0}>
              <Trans>新增学期</Trans>
            </Button>
          </Permission>
          <Permission anyOf={[CALENDAR_DELETE_PERMISSION]}>
            {batchDelete(SEMESTERS_DELETE_URL, pickedSemesters, t`所选学期未设置：未选择学期，或所选学期已不存在`)}
          </Permission>
        </Flex>
        <Box>
          <DataTable
            data-testid="semesters-table"
            label={t`学期`}
            columns={semesterColumns}
            rows={table.rows}
            total={table.total}
            page={page}
            size={size}
            loading={table.loading}
            refreshing={table.refreshing}
            rowKey={(row) => row.id}
            rowProps={(row) => ({ 'data-testid': 'semester-row', 'data-current': row.isCurrent ? 'true' : undefined })}
            onPageChange={(nextPage, nextSize) => onSearchChange({ ...search, page: nextPage || undefined, size: nextSize === 10 ? undefined : nextSize })}
          />
        </Box>
      </Stack>

      <FormShell open={yearForm !== null} title={yearForm?.mode === 'edit' ? t`编辑学年` : t`新增学年`} formId="calendar-year-form" onCancel={() => setYearForm(null)}>
        {yearForm && <SchoolYearForm key={yearForm.mode === 'edit' ? yearForm.row.id : 'add'} id="calendar-year-form" initial={yearForm.mode === 'edit' ? yearForm.row : undefined} onSubmit={submitYear} />}
      </FormShell>
      <FormShell open={semesterForm !== null} title={semesterForm?.mode === 'edit' ? t`编辑学期` : t`新增学期`} formId="calendar-semester-form" size="lg" onCancel={() => setSemesterForm(null)}>
        {semesterForm && (
          <SemesterForm
            key={semesterForm.mode === 'edit' ? semesterForm.row.id : 'add'}
            id="calendar-semester-form"
            years={yearList}
            defaultYearId={search.year}
            initial={semesterForm.mode === 'edit' ? semesterForm.row : undefined}
            onSubmit={submitSemester}
          />
        )}
      </FormShell>

      <ConfirmDialog
        open={switching !== null}
        title={switching?.step === 2 ? t`再次确认` : t`设为当前学期`}
        confirmLabel={switching?.step === 2 ? t`确认设置` : t`继续`}
        busy={busy}
        onCancel={() => {
          setSwitching(null);
          notify.info(t`已取消操作`);
        }}
        onConfirm={() => void confirmSwitch()}
      >
        {switching?.step === 2 ? (
          <Text data-testid="switch-confirm-2">
            <Trans>确定将“{switchName}”设为当前学期吗？设置后不可撤销，也不能再设回更早的学期。</Trans>
          </Text>
        ) : (
          <Text data-testid="switch-confirm-1">
            <Trans>将“{switchName}”设为当前学期。若它属于新的学年，所有年级将升一级（班级随之更名，学生仍在原班级），最高年级将设为毕业。此操作不可撤销，是否继续？</Trans>
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDelete {...deleteDialog} title={t`提示`} />
    </Stack>
  );
}
