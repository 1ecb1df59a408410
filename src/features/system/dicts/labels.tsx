import { useLingui } from '@lingui/react/macro';
import type { DictIssue } from '../../../../contracts/dict-rules';

/** A rule's words in the reader's language: the same words the server answers (contracts/dict-rules.ts). */
export function useIssueText() {
  const { t } = useLingui();
  return (issue: DictIssue | undefined): string => {
    switch (issue) {
      case undefined:
        return '';
      case 'dictsTypeCodeInvalid':
        return t`字典编码须以STD_GB_、STD_JB_、STD_XB_或STD_开头，后接大写字母`;
      case 'dictsNameRequired':
        return t`请输入`;
      case 'dictsNameTooLong':
        return t`名称不能超过40个字符`;
      case 'dictsEntryCodeInvalid':
        return t`编码只能包含字母、数字、下划线、点和短横线，且不超过64个字符`;
      case 'dictsDateOrder':
        return t`开始时间应早于结束时间`;
    }
  };
}

/** The shared labelled field (components/form/FormField.tsx). */
export { FormField } from '../../../components/form/FormField';
