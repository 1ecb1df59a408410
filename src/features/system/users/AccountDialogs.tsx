import { Badge, Box, Button, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PARENT_PREFIX_PATTERN, parseStudentNoTemplate } from '../../../../contracts/user-rules';
import type { InitReport, InitResult, UserRow } from '../../../../contracts/users';
import { FormShell } from '../../../components/FormShell';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { accountSettingsQuery, downloadInitReport, previewNumber, resetPassword, saveAccountSettings } from './api';
import { INIT_KIND_LABELS, INIT_RESULT_LABELS } from './labels';

/** the template's tokens, shown as typed (not translated) */
const TOKENS = { year: '{year}', gender: '{gender}', campus: '{campus}', serial: '{serial:3}' };

const failureText = (error: unknown, fallback: string) => (error instanceof HttpError ? error.msg : fallback);

/** 重置密码: to the initial password (ID number's last 6 in capitals) or to one typed here (the school's rule, checked by the server). */
export function ResetPasswordDialog({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<'initial' | 'typed'>('initial');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const save = async () => {
    setError('');
    if (mode === 'typed' && !password.trim()) {
      setError(t`请输入`);
      throw new Error('empty');
    }
    try {
      await resetPassword(row.id, mode === 'typed' ? password.trim() : undefined);
      notify.success(t`密码已重置，用户下次登录须修改密码`);
      onClose();
    } catch (failure) {
      setError(failureText(failure, t`操作失败，请稍后重试`));
      throw failure;
    }
  };
  return (
    <FormShell open variant="dialog" title={<Trans>重置密码：{row.name}</Trans>} onCancel={onClose} onSave={save} saveLabel={<Trans>重置</Trans>}>
      <Stack gap="4" data-testid="reset-password-form">
        <Stack gap="2" role="radiogroup">
          <HStack as="label" gap="2" cursor="pointer">
            <input type="radio" name="reset-mode" checked={mode === 'initial'} onChange={() => setMode('initial')} data-testid="reset-initial" />
            <Text>
              <Trans>初始密码（身份证号后6位，字母大写）</Trans>
            </Text>
          </HStack>
          <HStack as="label" gap="2" cursor="pointer">
            <input type="radio" name="reset-mode" checked={mode === 'typed'} onChange={() => setMode('typed')} data-testid="reset-typed" />
            <Text>
              <Trans>指定新密码</Trans>
            </Text>
          </HStack>
        </Stack>
        {mode === 'typed' && (
          <Field.Root required>
            <Field.Label>
              <Trans>新密码</Trans>
            </Field.Label>
            <Input type="password" autoComplete="new-password" maxLength={50} value={password} onChange={(event) => setPassword(event.currentTarget.value)} data-testid="reset-password-input" />
          </Field.Root>
        )}
        <Text fontSize="sm" color="fg.muted">
          <Trans>重置后该用户的登录会被结束，下次登录须修改密码。</Trans>
        </Text>
        {error && (
          <Text color="fg.error" role="alert" data-testid="reset-password-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

const RESULT_COLOR: Record<InitResult, string> = { created: 'green', reset: 'blue', skipped: 'gray', failed: 'red' };

/** The report of an initialisation: counts, one line per person (and per parent account), download as Excel. */
export function InitReportDialog({ report, onClose }: { report: InitReport; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const { counts } = report;
  const download = async () => {
    setBusy(true);
    try {
      await downloadInitReport(report.rows);
    } catch (failure) {
      notify.error(failureText(failure, t`下载失败`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open size="xl" scrollBehavior="inside" onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="init-report">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>账号初始化结果</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text data-testid="init-report-counts">
                  <Trans>
                    创建 {counts.created}，重置 {counts.reset}，跳过 {counts.skipped}，失败 {counts.failed}
                  </Trans>
                </Text>
                <Box overflowX="auto">
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t`姓名`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`工号/学号`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`账号`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`类别`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`结果`}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t`原因`}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {report.rows.map((row, index) => (
                        <Table.Row key={index} data-testid="init-report-row" data-kind={row.kind} data-result={row.result}>
                          <Table.Cell>{row.name}</Table.Cell>
                          <Table.Cell>{row.userNo}</Table.Cell>
                          <Table.Cell fontFamily="mono" data-testid="init-report-account">
                            {row.account}
                          </Table.Cell>
                          <Table.Cell>{i18n._(INIT_KIND_LABELS[row.kind])}</Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={RESULT_COLOR[row.result]}>{i18n._(INIT_RESULT_LABELS[row.result])}</Badge>
                          </Table.Cell>
                          <Table.Cell>{row.reason}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" loading={busy} onClick={() => void download()} data-testid="init-report-download">
                <Trans>下载 Excel</Trans>
              </Button>
              <Button colorPalette="brand" onClick={onClose} data-testid="init-report-close">
                <Trans>关闭</Trans>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** 初始化设置: the parent prefix and the student-number template, validated as typed, with the next number. */
export function AccountSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const settings = useQuery(accountSettingsQuery);
  const [prefix, setPrefix] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [preview, setPreview] = useState('');
  const [error, setError] = useState('');
  const prefixValue = prefix ?? settings.data?.parentPrefix ?? '';
  const templateValue = template ?? settings.data?.studentNoTemplate ?? '';
  const prefixBad = prefixValue.trim() !== '' && !PARENT_PREFIX_PATTERN.test(prefixValue.trim());
  const templateBad = templateValue.trim() !== '' && !parseStudentNoTemplate(templateValue.trim());
  useEffect(() => {
    const text = templateValue.trim();
    if (!text || !parseStudentNoTemplate(text)) {
      setPreview('');
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      previewNumber(text)
        .then((data) => live && setPreview(data.preview))
        .catch(() => live && setPreview(''));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [templateValue]);
  const save = async () => {
    setError('');
    if (!prefixValue.trim() || !templateValue.trim() || prefixBad || templateBad) {
      setError(t`请检查填写的内容`);
      throw new Error('problems');
    }
    try {
      await saveAccountSettings({ parentPrefix: prefixValue.trim(), studentNoTemplate: templateValue.trim() });
      notify.success(t`保存成功`);
      await settings.refetch();
      onClose();
    } catch (failure) {
      setError(failureText(failure, t`保存失败，请稍后重试`));
      throw failure;
    }
  };
  return (
    <FormShell open variant="dialog" title={<Trans>初始化设置</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="account-settings">
        <Field.Root required invalid={prefixBad}>
          <Field.Label>
            <Trans>家长账号前缀</Trans>
          </Field.Label>
          <Input value={prefixValue} maxLength={8} onChange={(event) => setPrefix(event.currentTarget.value)} data-testid="settings-prefix" />
          <Field.HelperText>
            <Trans>家长账号 = 前缀 + 学生账号</Trans>
          </Field.HelperText>
          {prefixBad && <Field.ErrorText>{t`家长账号前缀只能包含字母、数字和下划线`}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={templateBad}>
          <Field.Label>
            <Trans>学号模板</Trans>
          </Field.Label>
          <Input value={templateValue} maxLength={60} fontFamily="mono" onChange={(event) => setTemplate(event.currentTarget.value)} data-testid="settings-template" />
          <Field.HelperText>
            {t`${TOKENS.year} 入学年份，${TOKENS.gender} 性别（1 男 2 女），${TOKENS.campus} 校区序号，${TOKENS.serial} 流水号（位数 1-6，放在最后）`}
          </Field.HelperText>
          {templateBad && <Field.ErrorText>{t`学号模板无效`}</Field.ErrorText>}
        </Field.Root>
        <HStack>
          <Text color="fg.muted">
            <Trans>下一个学号示例（男生，今年入学，第一校区）：</Trans>
          </Text>
          <Text fontFamily="mono" data-testid="settings-preview">
            {preview || '—'}
          </Text>
        </HStack>
        {error && (
          <Text color="fg.error" role="alert" data-testid="settings-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}
