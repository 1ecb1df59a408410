import { useLingui } from '@lingui/react/macro';
import type { OrgKind } from '../../../../contracts/orgs';

/** A kind's name in the current language. */
export function useKindLabel() {
  const { t } = useLingui();
  return (kind: OrgKind) => (kind === 'school' ? t`学校` : kind === 'department' ? t`部门` : kind === 'grade' ? t`年级` : t`班级`);
}

/** A duty's name in the current language. */
export function useDutyLabel() {
  const { t } = useLingui();
  return (duty: string) => (duty === 'head_teacher' ? t`班主任` : duty === 'deputy_head_teacher' ? t`副班主任` : duty === 'subject_teacher' ? t`任课教师` : duty === 'grade_leader' ? t`年级组长` : duty === 'department_head' ? t`部门负责人` : duty);
}
