import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { StatusChangeState, StatusChangeType } from '../../../../contracts/status-change-rules';

export const TYPE_LABELS: Record<StatusChangeType, MessageDescriptor> = {
  insert: msg`插班`,
  transfer_out: msg`转出`,
  suspend: msg`休学`,
  resume: msg`复学`,
  class_change: msg`转班`,
};

export const STATE_LABELS: Record<StatusChangeState, MessageDescriptor> = {
  pending: msg`审核中`,
  scheduled: msg`待生效`,
  applied: msg`已生效`,
  rejected: msg`已驳回`,
  withdrawn: msg`已撤回`,
};

export const STATE_COLORS: Record<StatusChangeState, string> = { pending: 'orange', scheduled: 'blue', applied: 'green', rejected: 'red', withdrawn: 'gray' };

/** What each type does when it takes effect (the form's hint). */
export const TYPE_EFFECTS: Record<StatusChangeType, MessageDescriptor> = {
  insert: msg`学生从生效日起进入所选班级，状态为在读`,
  transfer_out: msg`学生从生效日起离开班级，状态为转出，宿舍床位释放`,
  suspend: msg`学生从生效日起离开班级，状态为休学，宿舍床位释放`,
  resume: msg`学生从生效日起回到原年级的所选班级，状态为在读`,
  class_change: msg`学生从生效日起转入所选班级`,
};
