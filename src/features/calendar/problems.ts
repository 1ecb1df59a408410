import { t } from '@lingui/core/macro';
import type { CalendarProblem } from '../../../contracts/calendar-rules';

/**
 * The shared rules' messages (contracts/calendar-rules.ts `CalendarProblem`), the same texts the server
 * sends (server/i18n/messages.ts calendar*): the form says what the API would.
 */
export function problemText(problem: CalendarProblem): string {
  const max = problem.params?.max ?? 0;
  const above = problem.params?.above ?? 2000;
  const below = problem.params?.below ?? 9999;
  switch (problem.key) {
    case 'calendarCodeRequired':
      return t`代码不能为空`;
    case 'calendarCodeTooLong':
      return t`代码长度不能超过${max}个字符`;
    case 'calendarCodeInvalid':
      return t`代码只能包含字母、数字、下划线和短横线`;
    case 'calendarNameRequired':
      return t`名称不能为空`;
    case 'calendarNameTooLong':
      return t`名称长度不能超过${max}个字符`;
    case 'calendarNameEnTooLong':
      return t`英文名称长度不能超过${max}个字符`;
    case 'calendarDateInvalid':
      return t`请选择有效的日期`;
    case 'calendarStartBeforeEnd':
      return t`开始时间应早于结束时间`;
    case 'calendarYearRange':
      return t`学年须为大于${above}且小于${below}的整数`;
    case 'calendarTeachOutsideWork':
      return t`教学起止日期须在工作起止日期范围内`;
    case 'calendarWeeksPositive':
      return t`周数须为正整数`;
    case 'calendarWeeksRange':
      return t`周数不能超过工作日期范围的周数（${max}周）`;
  }
}

/** The first problem of `field` among `problems`, as text (a SchemaForm field's `validate`). */
export const fieldProblem = (problems: readonly CalendarProblem[], field: string): string | null => {
  const found = problems.find((problem) => problem.field === field);
  return found ? problemText(found) : null;
};
