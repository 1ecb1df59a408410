import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { ApplicationKind } from '../../../../contracts/application-rules';
import type { ApplicationOptions } from '../../../../contracts/applications';

/**
 * What the generic application screens need to know about one kind: how to name it, which common
 * fields it has, and its own fields (`details`). Student kinds live in kinds/student.tsx, staff kinds
 * in kinds/staff.tsx; kinds/registry.ts puts them together.
 */
export interface KindFieldsProps {
  kind: ApplicationKind;
  details: Record<string, unknown>;
  onDetailsChange: (next: Record<string, unknown>) => void;
  /** messages per details field, shown under that field */
  errors: Partial<Record<string, string>>;
  options: ApplicationOptions;
  /** the student chosen in the form (student kinds), e.g. to offer their exam batches */
  applicantId?: string;
  disabled?: boolean;
}

export interface KindDefinition {
  kind: ApplicationKind;
  /** e.g. 请假 / Leave */
  label: MessageDescriptor;
  /** the apply drawer's title, e.g. 请假申请 / Leave application */
  formTitle: MessageDescriptor;
  /** leave kinds: a leave-type select from the kind's dictionary */
  hasLeaveType: boolean;
  /** false for the proofs */
  hasTimeRange: boolean;
  /** certificate pictures (student leave) */
  hasAttachments: boolean;
  /** the kind's own fields; none when it has only the common ones */
  Fields?: ComponentType<KindFieldsProps>;
  /** the kind's own fields as read-only lines in the detail drawer */
  DetailLines?: ComponentType<{ details: Record<string, unknown>; options?: ApplicationOptions }>;
  /**
   * details as typed → messages per field (translated); {} when valid. `options` (the form's
   * options answer) lets a kind check its own time ranges against the non-selectable periods.
   */
  validateDetails?: (details: Record<string, unknown>, options?: Pick<ApplicationOptions, 'blockedPeriods'>) => Partial<Record<string, string>>;
  /** details a new application starts with */
  emptyDetails: () => Record<string, unknown>;
}
