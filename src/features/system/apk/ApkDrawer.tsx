import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { APK_ISSUE_TEXT, APK_LIMITS, apkIssues } from '../../../../contracts/apk-rules';
import type { ApkVersionRow } from '../../../../contracts/apk-versions';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { Switch } from '../../../components/form/fields';
import { FileUpload } from '../../../components/upload/FileUpload';
import type { ApkInput } from './api';
import { localText } from '../../../lib/locale';

export interface ApkDrawerProps {
  row?: ApkVersionRow;
  onClose: () => void;
  /** rejects when the server refused (the drawer keeps what was typed) */
  onSave: (input: ApkInput) => Promise<unknown>;
}

type IssueField = 'versionName' | 'versionCode' | 'changelog';

/** The add / edit drawer: contracts/apk-rules.ts as typed, in the server's words; the .apk through the shared upload ('apk' profile). */
export default function ApkDrawer({ row, onClose, onSave }: ApkDrawerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { draft: values, setDraft: setValues, dirty } = useDraft<ApkInput>(() => ({
    versionName: row?.versionName ?? '',
    versionCode: row?.versionCode ?? null,
    fileId: row?.fileId ?? '',
    changelog: row?.changelog ?? '',
    forceUpdate: row?.forceUpdate ?? false,
  }));
  const [touched, setTouched] = useState(false);
  const issues = apkIssues(values);
  const issueOf = (field: IssueField) => {
    const shown = touched || (field === 'versionCode' ? values.versionCode !== null : values[field] !== '');
    const issue = shown ? issues.find((item) => item.field === field) : undefined;
    return issue ? localText(APK_ISSUE_TEXT[issue.code], i18n.locale) : null;
  };
  const set = <K extends keyof ApkInput>(key: K, value: ApkInput[K]) => setValues((current) => ({ ...current, [key]: value }));
  const save = async () => {
    setTouched(true);
    if (issues.length > 0) throw new Error('invalid');
    await onSave({ ...values, versionName: values.versionName.trim(), ...(row ? { id: row.id, version: row.version } : {}) });
  };
  const nameIssue = issueOf('versionName');
  const codeIssue = issueOf('versionCode');
  const changelogIssue = issueOf('changelog');
  return (
    <FormShell open dirty={dirty} size="lg" title={row ? <Trans>编辑版本</Trans> : <Trans>新增版本</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="apk-form">
        <Field.Root required invalid={Boolean(nameIssue)}>
          <Field.Label>
            <Trans>版本名称</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={values.versionName} placeholder="2.3.1" onChange={(event) => set('versionName', event.target.value)} data-testid="apk-version-name" />
          {nameIssue ? <Field.ErrorText>{nameIssue}</Field.ErrorText> : <Field.HelperText>{t`格式x.y.z，例如2.3.1`}</Field.HelperText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(codeIssue)}>
          <Field.Label>
            <Trans>版本号</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <NumberInput value={values.versionCode} min={1} max={APK_LIMITS.versionCodeMax} onChange={(code) => set('versionCode', code)} aria-label={t`版本号`} invalid={Boolean(codeIssue)} />
          {codeIssue ? <Field.ErrorText>{codeIssue}</Field.ErrorText> : <Field.HelperText>{t`正整数，新版本的版本号须大于已发布的版本`}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={`${id}-file`}>
            <Trans>安装包</Trans>
          </Field.Label>
          <FileUpload
            id={`${id}-file`}
            category="apk"
            limit={1}
            value={values.fileId ? [values.fileId] : []}
            onChange={(ids) => set('fileId', ids[0] ?? '')}
            tip={t`只能上传apk文件，不超过200MB；发布前须上传`}
          />
        </Field.Root>
        <Field.Root invalid={Boolean(changelogIssue)}>
          <Field.Label>
            <Trans>更新说明</Trans>
          </Field.Label>
          <Textarea rows={6} value={values.changelog} placeholder={t`请输入`} onChange={(event) => set('changelog', event.target.value)} data-testid="apk-changelog" />
          <Field.HelperText alignSelf="flex-end" color={values.changelog.length > APK_LIMITS.changelogMax ? 'fg.error' : undefined}>
            {values.changelog.length} / {APK_LIMITS.changelogMax}
          </Field.HelperText>
          {changelogIssue && <Field.ErrorText>{changelogIssue}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={`${id}-force`}>
            <Trans>强制更新</Trans>
          </Field.Label>
          <Switch id={`${id}-force`} checked={values.forceUpdate} onChange={(forceUpdate) => set('forceUpdate', forceUpdate)} />
          <Field.HelperText>{t`开启后，旧版本必须更新才能继续使用`}</Field.HelperText>
        </Field.Root>
      </Stack>
    </FormShell>
  );
}
