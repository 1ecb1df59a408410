import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { RoleFilterKind, RoleType } from '../../../../contracts/roles';
import { ROLE_ISSUE_TEXT } from '../../../../contracts/roles-rules';
import { localText } from '../../../lib/locale';
import type { FieldProblem } from './form-rules';

/** SPEC §6 role types. */
export const ROLE_TYPE_LABELS: Record<RoleType, MessageDescriptor> = {
  ordinary: msg`普通角色`,
  sql: msg`动态SQL角色`,
};
export const FILTER_KIND_LABELS: Record<RoleFilterKind, MessageDescriptor> = {
  select: msg`SELECT 语句`,
  procedure: msg`存储过程`,
};

/** A field problem in the user's language (SPEC §5: 请输入 for inputs, 请选择 for the others). */
export function useProblemText() {
  const { t, i18n } = useLingui();
  return (problem: FieldProblem | undefined, kind: 'input' | 'select' = 'input'): string => {
    if (!problem) return '';
    switch (problem.code) {
      case 'required':
        return kind === 'input' ? t`请输入` : t`请选择`;
      case 'too_long':
        return t`最多 ${problem.max} 个字符`;
      case 'pattern':
        // the server's words (contracts/roles-rules.ts)
        return localText(ROLE_ISSUE_TEXT.rolesCodeInvalid, i18n.locale);
      case 'range':
        return t`请输入 ${problem.min} 到 ${problem.max} 之间的整数`;
    }
  };
}

/** The shared labelled field (components/form/FormField.tsx). */
export { FormField } from '../../../components/form/FormField';
