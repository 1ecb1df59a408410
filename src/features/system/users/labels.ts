import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { InitResult, InitReportRow } from '../../../../contracts/users';
import type { UserTypeCode } from '../../../../contracts/user-rules';

/** SPEC §1 user types. */
export const USER_TYPE_LABELS: Record<UserTypeCode, MessageDescriptor> = {
  '1': msg`管理员`,
  '2': msg`学生`,
  '3': msg`教师`,
  '4': msg`家长`,
};
export const GENDER_LABELS: Record<'1' | '2', MessageDescriptor> = { '1': msg`男`, '2': msg`女` };
export const INIT_RESULT_LABELS: Record<InitResult, MessageDescriptor> = {
  created: msg`已创建`,
  reset: msg`已重置`,
  skipped: msg`已跳过`,
  failed: msg`失败`,
};
export const INIT_KIND_LABELS: Record<InitReportRow['kind'], MessageDescriptor> = { staff: msg`教职工`, student: msg`学生`, parent: msg`家长` };
