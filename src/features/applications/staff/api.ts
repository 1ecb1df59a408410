import { APPLICATION_URLS } from '../../../../contracts/application-urls';
import { queryOptions } from '@tanstack/react-query';
import type { StaffSummary } from '../../../../contracts/applications';
import type { GetOrgsData, OrgNode } from '../../../../contracts/selector';
import { post } from '../../../lib/http';
import { schoolMonth } from '../../../lib/school-time';

export const STAFF_SUMMARY_URL = APPLICATION_URLS.staffSummary;
export const STAFF_SUMMARY_EXPORT_URL = APPLICATION_URLS.staffSummaryExport;
const ORGS_URL = '/components/getOrgsData';

/** 月度汇总 of every department (contracts/application-rules.ts KIND_PERMISSIONS.staff_leave.export). */
export const SUMMARY_ALL_PERMISSION = 'jskq_export';
/** 考勤审批's audit code (KIND_PERMISSIONS.staff_leave.audit): department heads hold it. */
export const SUMMARY_AUDIT_PERMISSION = 'kqsp_audit';

export const staffKeys = {
  summary: (month: string, departmentId: string) => ['applications', 'staff-summary', month, departmentId] as const,
  departments: ['applications', 'departments'] as const,
};

/** `POST staff-summary`: approved staff applications of a month per person and per department (the server decides who may read it). */
export const staffSummaryQuery = (month: string, departmentId: string) =>
  queryOptions({
    queryKey: staffKeys.summary(month, departmentId),
    queryFn: ({ signal }) => post<StaffSummary>(STAFF_SUMMARY_URL, { month, departmentId }, { signal }),
    meta: { persist: false },
  });

function departmentsOf(nodes: readonly OrgNode[], found: { id: string; name: string }[] = []) {
  for (const node of nodes) {
    if (node.KIND === 'department') found.push({ id: node.id, name: node.NAME || node.label });
    departmentsOf(node.children ?? [], found);
  }
  return found;
}

/** The school's departments (the organisation tree's department nodes) for the filter. */
export const departmentsQuery = () =>
  queryOptions({
    queryKey: staffKeys.departments,
    queryFn: async ({ signal }) => departmentsOf(await post<GetOrgsData>(ORGS_URL, {}, { signal })),
    staleTime: 10 * 60_000,
  });

/** This month in the school's time zone (+08:00), 'YYYY-MM'. */
export const currentMonth = (now = new Date()) => schoolMonth(now);
