import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LanguageEntryRow } from '../../../../contracts/settings';
import { LANGUAGE_KEY_MAX, LANGUAGE_KEY_PATTERN, LANGUAGE_TEXT_MAX } from '../../../../contracts/settings-rules';
import { FormShell } from '../../../components/FormShell';
import { HttpError } from '../../../lib/http';
import { FormField } from './labels';

export interface LanguageDrawerProps {
  row?: LanguageEntryRow;
  onClose: () => void;
  onSave: (body: { key: string; previousKey?: string; zh: string; en: string }) => Promise<unknown>;
}

/** 语言词条: one key with its Chinese and English texts. */
export default function LanguageDrawer({ row, onClose, onSave }: LanguageDrawerProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState({ key: row?.key ?? '', zh: row?.zh ?? '', en: row?.en ?? '' });
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const key = draft.key.trim();
  const keyProblem = !key ? (tried ? t`请输入` : '') : LANGUAGE_KEY_PATTERN.test(key) ? '' : t`词条键只能以字母开头，包含字母、数字、点、下划线和短横线`;
  const textProblem = tried && !draft.zh.trim() && !draft.en.trim() ? t`请至少填写一种语言的文本` : '';

  const save = async () => {
    setTried(true);
    setError('');
    if (!key || !LANGUAGE_KEY_PATTERN.test(key) || (!draft.zh.trim() && !draft.en.trim())) throw new Error('problems');
    try {
      await onSave({ key, ...(row ? { previousKey: row.key } : {}), zh: draft.zh.trim(), en: draft.en.trim() });
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open title={row ? <Trans>编辑语言词条</Trans> : <Trans>新增语言词条</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="language-form">
        <FormField label={<Trans>词条键</Trans>} required error={keyProblem} helper={<Trans>例如 app.schoolName</Trans>}>
          <Input value={draft.key} maxLength={LANGUAGE_KEY_MAX} fontFamily="mono" placeholder={t`请输入`} onChange={(event) => setDraft({ ...draft, key: event.currentTarget.value })} data-testid="language-form-key" />
        </FormField>
        <FormField label={<Trans>中文</Trans>} error={textProblem}>
          <Textarea value={draft.zh} maxLength={LANGUAGE_TEXT_MAX} rows={2} placeholder={t`请输入`} onChange={(event) => setDraft({ ...draft, zh: event.currentTarget.value })} data-testid="language-form-zh" />
        </FormField>
        <FormField label={<Trans>英文</Trans>} error={textProblem}>
          <Textarea value={draft.en} maxLength={LANGUAGE_TEXT_MAX} rows={2} placeholder={t`请输入`} onChange={(event) => setDraft({ ...draft, en: event.currentTarget.value })} data-testid="language-form-en" />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="language-form-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
