import { Button, Field, Flex, Heading, Input, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { StaffSummary, StaffSummaryFigures, StaffSummaryRow } from '../../../../contracts/applications';
import { useGrants } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { ListTable } from '../../../components/table/ListTable';
import { downloadFile } from '../../../lib/download';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { currentMonth, departmentsQuery, STAFF_SUMMARY_EXPORT_URL, staffSummaryQuery, SUMMARY_ALL_PERMISSION } from './api';

export interface StaffSummaryPanelProps {
  /** 'YYYY-MM'; default this month */
  month?: string;
  /** '' or absent: every department the caller may see */
  departmentId?: string;
  onChange: (next: { month?: string; departmentId?: string }) => void;
}

type DepartmentRow = StaffSummary['departments'][number];
const personKey = (row: StaffSummaryRow) => row.userId;
const departmentKey = (row: DepartmentRow) => row.departmentId;
const personProps = () => ({ 'data-testid': 'summary-person' });
const departmentProps = () => ({ 'data-testid': 'summary-department' });
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The departments the filter offers: the caller may see. Holders of jskq_export: every department of
 * the school (the organisation tree); a department head: the ones this month's summary of "every
 * department I may see" covered (the server decides; the same query the screen asked to show the tab).
 */
function useVisibleDepartments(): { id: string; name: string }[] {
  const all = useGrants().permissions.includes(SUMMARY_ALL_PERMISSION);
  const tree = useQuery({ ...departmentsQuery(), enabled: all });
  const mine = useQuery({ ...staffSummaryQuery(currentMonth(), ''), enabled: !all });
  return useMemo(
    () => (all ? (tree.data ?? []) : (mine.data?.departments ?? []).filter((item) => item.departmentId).map((item) => ({ id: item.departmentId, name: item.departmentName }))),
    [all, tree.data, mine.data],
  );
}

/**
 * 月度汇总: approved staff applications of one month per person and per department (leave count and
 * days, outings and hours, overtime hours, shifts, make-ups), and the same as an Excel file. Who may
 * read it (jskq_export, or a department head for their department) is the server's decision: its
 * refusal is shown in place (the screen offers the tab only to those it answers, useSummaryAllowed).
 */
export function StaffSummaryPanel({ month: chosen, departmentId = '', onChange }: StaffSummaryPanelProps) {
  const { t } = useLingui();
  const month = chosen && MONTH.test(chosen) ? chosen : currentMonth();
  const summary = useQuery(staffSummaryQuery(month, departmentId));
  const departments = useVisibleDepartments();
  const [exporting, setExporting] = useState(false);

  const figureColumns = useMemo(
    (): DataTableColumn<StaffSummaryFigures>[] => [
      { key: 'leaveCount', title: t`请假次数`, align: 'end', nowrap: true },
      { key: 'leaveDays', title: t`请假天数`, align: 'end', nowrap: true },
      { key: 'outingCount', title: t`外出次数`, align: 'end', nowrap: true, hideBelow: 'sm' },
      { key: 'outingHours', title: t`外出小时`, align: 'end', nowrap: true, hideBelow: 'md' },
      { key: 'overtimeHours', title: t`加班小时`, align: 'end', nowrap: true, hideBelow: 'sm' },
      { key: 'shiftCount', title: t`调班次数`, align: 'end', nowrap: true, hideBelow: 'md' },
      { key: 'makeupCount', title: t`补课次数`, align: 'end', nowrap: true, hideBelow: 'md' },
    ],
    [t],
  );
  const personColumns = useMemo(
    (): DataTableColumn<StaffSummaryRow>[] => [
      { key: 'name', title: t`姓名`, nowrap: true },
      { key: 'jobNo', title: t`工号`, nowrap: true, hideBelow: 'md', muted: true },
      { key: 'departmentName', title: t`部门`, nowrap: true, hideBelow: 'sm' },
      ...(figureColumns as DataTableColumn<StaffSummaryRow>[]),
    ],
    [t, figureColumns],
  );
  const departmentColumns = useMemo(
    (): DataTableColumn<DepartmentRow>[] => [
      { key: 'departmentName', title: t`部门`, nowrap: true },
      { key: 'people', title: t`人数`, align: 'end', nowrap: true },
      ...(figureColumns as DataTableColumn<DepartmentRow>[]),
    ],
    [t, figureColumns],
  );

  const exportExcel = async () => {
    setExporting(true);
    try {
      // the server names the file (教师考勤汇总-<month>[-<department>].xlsx)
      await downloadFile(STAFF_SUMMARY_EXPORT_URL, { params: { month, departmentId } });
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`导出失败`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="4" data-testid="staff-summary">
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root width={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">
            <Trans>月份</Trans>
          </Field.Label>
          <Input
            type="month"
            minH="11"
            data-testid="summary-month"
            value={month}
            onChange={(event) => {
              const value = event.target.value;
              if (MONTH.test(value)) onChange({ month: value, departmentId: departmentId || undefined });
            }}
          />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>部门</Trans>
          </Field.Label>
          <ChoiceSelect
            minH="11"
            testId="summary-department-filter"
            value={departmentId}
            onChange={(value) => onChange({ month: chosen, departmentId: value || undefined })}
            placeholder={t`全部部门`}
            choices={departments.map((department) => ({ value: department.id, label: department.name }))}
          />
        </Field.Root>
        <Button variant="outline" minH="11" loading={exporting} disabled={!summary.isSuccess} onClick={() => void exportExcel()} data-testid="summary-export">
          <Trans>导出Excel</Trans>
        </Button>
      </Flex>
      {summary.isError ? (
        <RequestError error={summary.error} testId="summary-error" />
      ) : (
        <>
          <Heading as="h2" size="md">
            <Trans>个人汇总</Trans>
          </Heading>
          <ListTable
            columns={personColumns}
            rows={summary.data?.people ?? []}
            loading={summary.isPending}
            rowKey={personKey}
            rowProps={personProps}
          />
          <Heading as="h2" size="md">
            <Trans>部门汇总</Trans>
          </Heading>
          <ListTable
            columns={departmentColumns}
            rows={summary.data?.departments ?? []}
            loading={summary.isPending}
            rowKey={departmentKey}
            rowProps={departmentProps}
          />
        </>
      )}
    </Stack>
  );
}
