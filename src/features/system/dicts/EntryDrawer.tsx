import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { DICT_CODE_MAX, DICT_REMARK_MAX, DICT_SORT_MAX, DICT_TEXT_MAX } from '../../../../contracts/dict-rules';
import type { DictEntryRow, DictEntrySaveRequest, DictStatus } from '../../../../contracts/dicts';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { blankEntryDraft, entryDraftOf, entryProblems, entrySaveBody, parentChoices, TAG_NUMBERS, type EntryDraft } from './form';
import { FormField, useIssueText } from './labels';

export interface EntryDrawerProps {
  typeId: string;
  typeName: string;
  row?: DictEntryRow;
  /** every entry of the type (parent choices) */
  entries: readonly DictEntryRow[];
  onClose: () => void;
  onSave: (body: DictEntrySaveRequest) => Promise<unknown>;
}

/** 数据字典: an entry's add / edit drawer with every SPEC §3 field. */
export default function EntryDrawer({ typeId, typeName, row, entries, onClose, onSave }: EntryDrawerProps) {
  const { t } = useLingui();
  const issueText = useIssueText();
  const { draft, patch: set, dirty } = useDraft<EntryDraft>(() => (row ? entryDraftOf(row) : blankEntryDraft()));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const problems = useMemo(() => entryProblems(draft), [draft]);
  const parents = useMemo(() => parentChoices(entries, row?.code), [entries, row?.code]);
  const text = (field: keyof EntryDraft, testId?: string, max = DICT_TEXT_MAX) => (
    <Input
      value={String(draft[field])}
      maxLength={max}
      placeholder={t`请输入`}
      onChange={(event) => set({ [field]: event.currentTarget.value } as Partial<EntryDraft>)}
      data-testid={testId}
    />
  );

  const save = async () => {
    setTried(true);
    setError('');
    if (Object.keys(problems).length) throw new Error('problems');
    try {
      await onSave(entrySaveBody(draft, typeId, row));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open dirty={dirty} size="lg" title={row ? <Trans>编辑字典项（{typeName}）</Trans> : <Trans>新增字典项（{typeName}）</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="dict-entry-form">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={<Trans>编码</Trans>} required error={tried || draft.code ? issueText(problems.code) : ''}>
            {text('code', 'dict-entry-form-code', DICT_CODE_MAX)}
          </FormField>
          <FormField label={<Trans>名称</Trans>} required error={tried || draft.name ? issueText(problems.name) : ''}>
            <Input value={draft.name} placeholder={t`请输入`} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="dict-entry-form-name" />
          </FormField>
          <FormField label={<Trans>英文名称</Trans>}>{text('nameEn', 'dict-entry-form-name-en')}</FormField>
          <FormField label={<Trans>父级</Trans>} helper={<Trans>层级随父级自动计算</Trans>}>
            <ChoiceSelect
              value={draft.parentCode}
              placeholder={t`无（顶级）`}
              onChange={(parentCode) => set({ parentCode })}
              choices={parents.map((parent) => ({ value: parent.code, label: `${parent.code} ${parent.name}` }))}
              testId="dict-entry-form-parent"
            />
          </FormField>
          <FormField label={<Trans>别名</Trans>}>{text('alias')}</FormField>
          <FormField label={<Trans>简称</Trans>}>{text('shortName')}</FormField>
          <FormField label={<Trans>排序</Trans>}>
            <NumberInput value={draft.sort} min={0} max={DICT_SORT_MAX} onChange={(sort) => set({ sort: sort ?? 0 })} aria-label={t`排序`} />
          </FormField>
          <FormField label={<Trans>发布状态</Trans>}>
            <ChoiceSelect
              value={draft.status}
              placeholder={false}
              onChange={(status) => set({ status: status as DictStatus })}
              choices={[
                { value: '1', label: t`已发布` },
                { value: '0', label: t`未发布` },
              ]}
              testId="dict-entry-form-status"
            />
          </FormField>
          <FormField label={<Trans>来源</Trans>}>{text('source')}</FormField>
          <span />
          <FormField label={<Trans>开始日期</Trans>}>
            <Input type="date" value={draft.startDate} onChange={(event) => set({ startDate: event.currentTarget.value })} data-testid="dict-entry-form-start" />
          </FormField>
          <FormField label={<Trans>结束日期</Trans>} error={issueText(problems.endDate)}>
            <Input type="date" value={draft.endDate} onChange={(event) => set({ endDate: event.currentTarget.value })} data-testid="dict-entry-form-end" />
          </FormField>
          {TAG_NUMBERS.map((n) => (
            <FormField key={`tag${n}`} label={<Trans>备用字段{n}</Trans>}>
              <SimpleGrid columns={2} gap="2">
                {text(`tag${n}`, `dict-entry-form-tag${n}`)}
                <Input
                  value={draft[`tag${n}Note`]}
                  maxLength={DICT_TEXT_MAX}
                  placeholder={t`说明`}
                  aria-label={t`备用字段${n}说明`}
                  onChange={(event) => set({ [`tag${n}Note`]: event.currentTarget.value } as Partial<EntryDraft>)}
                />
              </SimpleGrid>
            </FormField>
          ))}
        </SimpleGrid>
        <FormField label={<Trans>备注</Trans>}>
          <Textarea value={draft.remark} maxLength={DICT_REMARK_MAX} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="dict-entry-form-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
