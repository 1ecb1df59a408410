import { useQuery } from '@tanstack/react-query';
import { useGrants } from '../../../components/Permission';
import { HttpError } from '../../../lib/http';
import { currentMonth, staffSummaryQuery, SUMMARY_ALL_PERMISSION, SUMMARY_AUDIT_PERMISSION } from './api';

const FORBIDDEN = 40300;

/**
 * Whether the user may read 月度汇总: holders of jskq_export (every department) at once; a department
 * head (a duty, not a permission code: the server knows it) by asking the server once — this month's
 * summary of the departments they may see (the panel reuses the answer), which it refuses (40300) to
 * anyone else. Only 考勤审批 auditors ask (kqsp_audit: department heads audit their staff); the rest
 * never see the tab. While the answer is pending, a URL naming the tab keeps it; a failure other
 * than the refusal (offline) shows the tab, with the error in its place.
 */
export function useSummaryAllowed(requested: boolean): boolean {
  const { permissions } = useGrants();
  const all = permissions.includes(SUMMARY_ALL_PERMISSION);
  const auditor = permissions.includes(SUMMARY_AUDIT_PERMISSION);
  const probe = useQuery({ ...staffSummaryQuery(currentMonth(), ''), enabled: !all && auditor });
  if (all) return true;
  if (!auditor) return false;
  if (probe.isSuccess) return true;
  if (probe.isError) return !(probe.error instanceof HttpError && probe.error.code === FORBIDDEN);
  return requested;
}
