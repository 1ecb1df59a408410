import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { ApplicationsScreen, type ExtraTab, type ScreenSearch } from '../ApplicationsScreen';
import { useApplicationsCatalog } from '../settings/catalog-ready';
import { MINE_SCOPES, STAFF_KINDS } from './route';
import { SUMMARY_TAB, type StaffSearchParams } from './search';
import { StaffSummaryPanel } from './StaffSummaryPanel';
import { useSummaryAllowed } from './summary-access';

export interface StaffScreenProps {
  search: StaffSearchParams;
  onSearchChange: (next: StaffSearchParams) => void;
}

/** /jzg/jskq 教师考勤: my staff applications (leave, outing, overtime, shift, make-up) and apply; 月度汇总. */
export function StaffAttendanceScreen(props: StaffScreenProps) {
  // the title and the summary tab's label are the applications catalog's
  return useApplicationsCatalog() ? <StaffAttendance {...props} /> : null;
}

function StaffAttendance({ search, onSearchChange }: StaffScreenProps) {
  const { t } = useLingui();
  const summaryAllowed = useSummaryAllowed(search.scope === SUMMARY_TAB);
  const extraTabs = useMemo(
    (): ExtraTab[] =>
      summaryAllowed
        ? [
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
          ]
        : [],
    [t, summaryAllowed, search.month, search.departmentId, onSearchChange],
  );
  return (
    <ApplicationsScreen
      kinds={STAFF_KINDS}
      scopes={MINE_SCOPES}
      search={search}
      onSearchChange={(next: ScreenSearch) => onSearchChange(next as StaffSearchParams)}
      title={t`教师考勤`}
      extraTabs={extraTabs}
    />
  );
}
