import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { DICT_CODE_MAX, DICT_NAME_MAX, DICT_REMARK_MAX, DICT_SORT_MAX, DICT_TEXT_MAX } from '../../../../contracts/dict-rules';
import type { DictStatus, DictTypeRow, DictTypeSaveRequest } from '../../../../contracts/dicts';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { blankTypeDraft, typeDraftOf, typeProblems, typeSaveBody, type TypeDraft } from './form';
import { FormField, useIssueText } from './labels';

export interface TypeDrawerProps {
  row?: DictTypeRow;
  onClose: () => void;
  onSave: (body: DictTypeSaveRequest) => Promise<unknown>;
}

/** 数据字典: a dictionary type's add / edit drawer (code, name, English name, sort, status, remark). */
export default function TypeDrawer({ row, onClose, onSave }: TypeDrawerProps) {
  const { t } = useLingui();
  const issueText = useIssueText();
  const { draft, patch: set, dirty } = useDraft<TypeDraft>(() => (row ? typeDraftOf(row) : blankTypeDraft()));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  // the code rule shows as typed once something was typed; the rest after the first save
  const problems = useMemo(() => typeProblems(draft), [draft]);
  const codeLocked = Boolean(row?.builtIn);

  const save = async () => {
    setTried(true);
    setError('');
    if (Object.keys(problems).length) throw new Error('problems');
    try {
      await onSave(typeSaveBody(draft, row));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open dirty={dirty} title={row ? <Trans>编辑字典</Trans> : <Trans>新增字典</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="dict-type-form">
        <FormField
          label={<Trans>字典编码</Trans>}
          required
          error={tried || draft.code !== 'STD_XB_' ? issueText(problems.code) : ''}
          helper={codeLocked ? <Trans>系统使用的字典，编码不能修改</Trans> : <Trans>以STD_GB_、STD_JB_、STD_XB_或STD_开头，后接大写字母</Trans>}
        >
          <Input
            value={draft.code}
            maxLength={DICT_CODE_MAX}
            placeholder={t`请输入`}
            fontFamily="mono"
            readOnly={codeLocked}
            onChange={(event) => set({ code: event.currentTarget.value.toUpperCase() })}
            data-testid="dict-type-form-code"
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={<Trans>字典名称</Trans>} required error={tried || draft.name ? issueText(problems.name) : ''}>
            <Input value={draft.name} placeholder={t`请输入`} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="dict-type-form-name" />
          </FormField>
          <FormField label={<Trans>英文名称</Trans>}>
            <Input value={draft.nameEn} maxLength={DICT_TEXT_MAX} placeholder={t`请输入`} onChange={(event) => set({ nameEn: event.currentTarget.value })} data-testid="dict-type-form-name-en" />
          </FormField>
          <FormField label={<Trans>排序</Trans>}>
            <NumberInput value={draft.sort} min={0} max={DICT_SORT_MAX} onChange={(sort) => set({ sort: sort ?? 0 })} aria-label={t`排序`} />
          </FormField>
          <FormField label={<Trans>状态</Trans>}>
            <ChoiceSelect
              value={draft.status}
              placeholder={false}
              onChange={(status) => set({ status: status as DictStatus })}
              choices={[
                { value: '1', label: t`已发布` },
                { value: '0', label: t`未发布` },
              ]}
              testId="dict-type-form-status"
            />
          </FormField>
        </SimpleGrid>
        <Text fontSize="xs" color="fg.muted">
          <Trans>名称最多 {DICT_NAME_MAX} 个字符</Trans>
        </Text>
        <FormField label={<Trans>备注</Trans>}>
          <Textarea value={draft.remark} maxLength={DICT_REMARK_MAX} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="dict-type-form-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
