import { t } from '@lingui/core/macro';
import type { ExamBatchIssueCode, RuleIssue, ScoreSystemIssueCode } from '../../../contracts/exams';

/**
 * The shared rules' issues (contracts/exams.ts) in the user's language, as the forms show them beside
 * a field. Band issues leave out the row number: they sit in the row itself. The server says the same
 * in its own catalogue (server/i18n/messages.ts, same codes).
 */
export function ruleMessage(issue: RuleIssue<ExamBatchIssueCode | ScoreSystemIssueCode>): string {
  const p = issue.params ?? {};
  switch (issue.code) {
    case 'examEndBeforeStart':
      return t`结束时间不能早于开始时间`;
    case 'examSortNotMultipleOf10':
      return t`常规考试的排序必须是${p.step}的倍数`;
    case 'scoreSystemFullMarkRange':
      return t`满分必须是0-${p.max}之间的整数`;
    case 'scoreSystemLineRange':
      return t`优秀线和及格线必须在0到满分${p.max}之间`;
    case 'scoreSystemExcellentBelowPass':
      return t`优秀线不能低于及格线`;
    case 'scoreBandBoundary':
      return t`分数必须是0-${p.max}之间的整数`;
    case 'scoreBandAboveFullMark':
      return t`分数不能高于满分${p.fullMark}`;
    case 'scoreBandMinAboveMax':
      return t`最低分不能高于最高分`;
    case 'scoreBandConversionOutside':
      return t`换算分必须在最低分${p.min}和最高分${p.max}之间`;
    case 'scoreBandNameDuplicate':
      return t`等级名称“${p.name}”重复`;
    case 'scoreBandsOverlap':
      return t`分数段与等级“${p.other}”重叠`;
  }
}
