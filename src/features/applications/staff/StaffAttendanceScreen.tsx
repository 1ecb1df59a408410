import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { STAFF_APPLICATION_KINDS } from '../../../../contracts/application-rules';
import type { ListScope } from '../../../../contracts/applications';
import { ApplicationsScreen, type ExtraTab, type ScreenSearch } from '../ApplicationsScreen';
import type { ApplicationSearchParams } from '../search';
import { SUMMARY_TAB, type StaffSearchParams } from './search';
import { StaffSummaryPanel } from './StaffSummaryPanel';

export interface StaffScreenProps {
  search: StaffSearchParams;
  onSearchChange: (next: StaffSearchParams) => void;
}

const MINE: readonly ListScope[] = ['mine'];
const AUDIT: readonly ListScope[] = ['todo', 'done', 'all'];

/** /jzg/jskq 教师考勤: my staff applications (leave, outing, overtime, shift, make-up) and apply; 月度汇总. */
export function StaffAttendanceScreen({ search, onSearchChange }: StaffScreenProps) {
  const { t } = useLingui();
  const extraTabs = useMemo(
    (): ExtraTab[] => [
      {
        key: SUMMARY_TAB,
        label: t`月度汇总`,
        render: () => (
          <StaffSummaryPanel
            month={search.month}
            departmentId={search.departmentId}
            onChange={(next) => onSearchChange({ scope: SUMMARY_TAB, month: next.month, departmentId: next.departmentId })}
          />
        ),
      },
    ],
    [t, search.month, search.departmentId, onSearchChange],
  );
  return (
    <ApplicationsScreen
      kinds={STAFF_APPLICATION_KINDS}
      scopes={MINE}
      search={search}
      onSearchChange={(next: ScreenSearch) => onSearchChange(next as StaffSearchParams)}
      title={t`教师考勤`}
      extraTabs={extraTabs}
    />
  );
}

/** /jzg/kqsp 考勤审批: staff applications waiting for my audit, audited by me, all I may see (batch audit in todo / all). */
export function StaffAuditScreen({ search, onSearchChange }: { search: ApplicationSearchParams; onSearchChange: (next: ApplicationSearchParams) => void }) {
  const { t } = useLingui();
  return (
    <ApplicationsScreen
      kinds={STAFF_APPLICATION_KINDS}
      scopes={AUDIT}
      search={search}
      onSearchChange={(next) => onSearchChange(next as ApplicationSearchParams)}
      title={t`考勤审批`}
    />
  );
}
