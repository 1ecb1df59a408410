import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AttendanceStatus } from '../../../contracts/attendance-constants';
import { attendanceStatusQuery } from './api';
import { statusOptions } from './roll-state';

/** Names of the app's own status codes, used while the dictionary is not at hand. */
export function fallbackStatusLabel(code: string): string {
  switch (code) {
    case AttendanceStatus.present:
      return t`出勤`;
    case AttendanceStatus.absent:
      return t`缺勤`;
    case AttendanceStatus.late:
      return t`迟到`;
    case AttendanceStatus.leave:
      return t`请假`;
    case AttendanceStatus.other:
      return t`其他`;
    default:
      return code;
  }
}

/** Colour palette of a status (a school's own codes are grey). */
export function statusPalette(code: string): string {
  switch (code) {
    case AttendanceStatus.present:
      return 'green';
    case AttendanceStatus.absent:
      return 'red';
    case AttendanceStatus.late:
      return 'orange';
    case AttendanceStatus.leave:
      return 'blue';
    default:
      return 'purple';
  }
}

export interface StatusOption {
  code: string;
  label: string;
}

/** The status options (dictionary STD_XSKQ_ZT, 出勤 first) and a label lookup, in the reader's language. */
export function useStatusOptions() {
  const { i18n } = useLingui();
  const dict = useQuery(attendanceStatusQuery());
  return useMemo(() => {
    const options: StatusOption[] = statusOptions(dict.data, fallbackStatusLabel, i18n.locale);
    const byCode = new Map(options.map((option) => [option.code, option.label]));
    const label = (code: string | null | undefined) => (code ? (byCode.get(code) ?? fallbackStatusLabel(code)) : '');
    return { options, label };
    // the locale matters for the fallback labels too
  }, [dict.data, i18n.locale]);
}
