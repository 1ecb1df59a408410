import { t } from '@lingui/core/macro';
import type { AppLogFilter, AppLogIssue } from '../../../../contracts/app-log-rules';

/** The filters' labels (the same words as the server's messages.ts appLogsField…). */
export const filterLabel = (field: keyof AppLogFilter): string =>
  ({
    from: t`开始日期`,
    to: t`结束日期`,
    userId: t`用户`,
    account: t`账号`,
    url: t`请求地址`,
    urlMode: t`请求地址`,
    ip: t`IP`,
    method: t`请求方式`,
    handler: t`类`,
    params: t`参数`,
    minDuration: t`耗时`,
    module: t`模块`,
    operation: t`操作`,
    clientType: t`客户端类型`,
    failed: t`仅异常`,
    errorCode: t`异常代码`,
    systemName: t`系统名称`,
    reads: t`包含查询`,
  })[field];

/** A broken filter rule in words: the same as the server says (server/i18n/messages.ts appLogs…). */
export function issueText(issue: AppLogIssue): string {
  const field = filterLabel(issue.field);
  const max = issue.max ?? 0;
  switch (issue.code) {
    case 'appLogsDateInvalid':
      return t`${field}不是有效的日期（YYYY-MM-DD）`;
    case 'appLogsRangeReversed':
      return t`结束日期不能早于开始日期`;
    case 'appLogsUserIdInvalid':
      return t`${field}不是有效的用户编号`;
    case 'appLogsIpInvalid':
      return t`${field}只能包含数字、字母 a-f、点和冒号，前缀查询以 * 结尾`;
    case 'appLogsMethodInvalid':
      return t`${field}不是有效的请求方式`;
    case 'appLogsClientTypeInvalid':
      return t`${field}只能是 pc、mobile、tablet 或 app`;
    case 'appLogsUrlModeInvalid':
      return t`${field}的匹配方式只能是前缀或包含`;
    case 'appLogsDurationInvalid':
      return t`${field}必须是 0 到 3600000 之间的整数（毫秒）`;
    case 'appLogsErrorCodeInvalid':
      return t`${field}必须是不超过 5 位的数字`;
    case 'appLogsFailedInvalid':
      return t`${field}只能是“是”或“否”`;
    case 'appLogsTooLong':
      return t`${field}长度不能超过${max}个字符`;
  }
}

/** pc | mobile | tablet | app in words. */
export const clientTypeLabel = (type: string): string =>
  ({ pc: t`电脑`, mobile: t`手机`, tablet: t`平板`, app: t`移动应用` })[type] ?? type;
