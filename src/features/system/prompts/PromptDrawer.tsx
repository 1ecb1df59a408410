import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { AI_PROMPT_ISSUE_TEXT, AI_PROMPT_LIMITS, aiPromptIssues } from '../../../../contracts/ai-prompt-rules';
import type { AiPromptRow } from '../../../../contracts/ai-prompts';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { Switch } from '../../../components/form/fields';
import type { PromptInput } from './api';
import { localText } from '../../../lib/locale';

export interface PromptDrawerProps {
  /** the prompt edited; undefined: a new one */
  row?: AiPromptRow;
  onClose: () => void;
  /** rejects when the server refused (the drawer keeps what was typed) */
  onSave: (input: PromptInput) => Promise<unknown>;
}

/** The add / edit drawer: the rules of contracts/ai-prompt-rules.ts as typed, in the server's words. */
export default function PromptDrawer({ row, onClose, onSave }: PromptDrawerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { draft: values, setDraft: setValues, dirty } = useDraft<PromptInput>(() => ({
    code: row?.code ?? '',
    name: row?.name ?? '',
    scene: row?.scene ?? '',
    content: row?.content ?? '',
    model: row?.model ?? '',
    enabled: row?.enabled ?? true,
    sort: row?.sort ?? 0,
    remark: row?.remark ?? '',
  }));
  const [touched, setTouched] = useState(false);
  const issues = aiPromptIssues(values);
  const issueOf = (field: 'code' | 'name' | 'content') => {
    const issue = touched || values[field] ? issues.find((item) => item.field === field) : undefined;
    return issue ? localText(AI_PROMPT_ISSUE_TEXT[issue.code], i18n.locale) : null;
  };
  const set = <K extends keyof PromptInput>(key: K, value: PromptInput[K]) => setValues((current) => ({ ...current, [key]: value }));

  const save = async () => {
    setTouched(true);
    if (issues.length > 0) throw new Error('invalid');
    await onSave({ ...values, code: values.code.trim(), name: values.name.trim(), scene: values.scene.trim(), model: values.model.trim(), remark: values.remark.trim(), ...(row ? { id: row.id, version: row.version } : {}) });
  };

  const codeIssue = issueOf('code');
  const nameIssue = issueOf('name');
  const contentIssue = issueOf('content');
  return (
    <FormShell open dirty={dirty} size="lg" title={row ? <Trans>编辑提示词</Trans> : <Trans>新增提示词</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="prompt-form">
        <Field.Root required invalid={Boolean(codeIssue)}>
          <Field.Label>
            <Trans>编码</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.code} placeholder={t`请输入`} onChange={(event) => set('code', event.target.value)} data-testid="prompt-code" />
          {codeIssue ? <Field.ErrorText>{codeIssue}</Field.ErrorText> : <Field.HelperText>{t`字母、数字或下划线，最多${AI_PROMPT_LIMITS.codeMax}个字符`}</Field.HelperText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(nameIssue)}>
          <Field.Label>
            <Trans>名称</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.name} placeholder={t`请输入`} onChange={(event) => set('name', event.target.value)} data-testid="prompt-name" />
          {nameIssue && <Field.ErrorText>{nameIssue}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>使用场景</Trans>
          </Field.Label>
          <Input value={values.scene} maxLength={AI_PROMPT_LIMITS.sceneMax} placeholder={t`请输入`} onChange={(event) => set('scene', event.target.value)} data-testid="prompt-scene" />
        </Field.Root>
        <Field.Root required invalid={Boolean(contentIssue)}>
          <Field.Label>
            <Trans>提示词内容</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={8} value={values.content} placeholder={t`请输入`} onChange={(event) => set('content', event.target.value)} data-testid="prompt-content" />
          <Field.HelperText alignSelf="flex-end" color={values.content.length > AI_PROMPT_LIMITS.contentMax ? 'fg.error' : undefined} data-testid="prompt-content-count">
            {values.content.length} / {AI_PROMPT_LIMITS.contentMax}
          </Field.HelperText>
          {contentIssue && <Field.ErrorText>{contentIssue}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>模型</Trans>
          </Field.Label>
          <Input value={values.model} maxLength={AI_PROMPT_LIMITS.modelMax} placeholder={t`留空使用默认模型`} onChange={(event) => set('model', event.target.value)} data-testid="prompt-model" />
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={`${id}-enabled`}>
            <Trans>启用</Trans>
          </Field.Label>
          <Switch id={`${id}-enabled`} checked={values.enabled} onChange={(enabled) => set('enabled', enabled)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>排序</Trans>
          </Field.Label>
          <NumberInput value={values.sort} min={0} max={AI_PROMPT_LIMITS.sortMax} onChange={(sort) => set('sort', sort ?? 0)} aria-label={t`排序`} />
        </Field.Root>
        <Field.Root>
          <Field.Label>
            <Trans>备注</Trans>
          </Field.Label>
          <Textarea rows={2} value={values.remark} maxLength={AI_PROMPT_LIMITS.remarkMax} onChange={(event) => set('remark', event.target.value)} />
        </Field.Root>
      </Stack>
    </FormShell>
  );
}
