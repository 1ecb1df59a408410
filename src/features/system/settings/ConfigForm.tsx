import { Alert, Box, Button, Flex, Heading, Image, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  LOGIN_FOOTER_MAX,
  LOGIN_TITLE_MAX,
  normaliseOrigin,
  PAGE_TITLE_MAX,
  publicOriginIssue,
  RECORD_NUMBER_MAX,
  SETTINGS_EDIT_PERMISSION,
} from '../../../../contracts/settings-rules';
import type { SettingsData } from '../../../../contracts/settings';
import { Permission, usePermitted } from '../../../components/Permission';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { configText, getConfig, lastTenant, loadConfig, showDocumentTitle } from '../../../lib/config';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { refreshSettings, saveSettings } from './api';
import { FormField } from './labels';

interface Draft {
  loginTitle: string;
  loginFooter: string;
  pageTitle: string;
  publicOrigin: string;
  recordNumber: string;
  /** '' start-up value, 'on', 'off' */
  encryption: '' | 'on' | 'off';
}

const draftOf = (data: SettingsData): Draft => ({
  loginTitle: data.tenant.loginTitle,
  loginFooter: data.tenant.loginFooter,
  pageTitle: data.tenant.pageTitle,
  publicOrigin: data.tenant.publicOrigin,
  recordNumber: data.deployment.recordNumber ?? '',
  encryption: data.deployment.requestEncryption === null ? '' : data.deployment.requestEncryption ? 'on' : 'off',
});

/** 系统配置's first tab: the school's titles and public origin, the deployment's fields, a live preview of the login page. */
export function ConfigForm({ data }: { data: SettingsData }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const mayEdit = usePermitted({ anyOf: [SETTINGS_EDIT_PERMISSION] });
  const [draft, setDraft] = useState<Draft>(() => draftOf(data));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const set = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const originIssue = publicOriginIssue(normaliseOrigin(draft.publicOrigin));
  const readOnly = !mayEdit;
  const deploymentReadOnly = readOnly || !data.platformEditable;

  const shown = {
    loginTitle: draft.loginTitle || data.defaults.loginTitle,
    loginFooter: draft.loginFooter || data.defaults.loginFooter,
    recordNumber: draft.recordNumber || data.defaults.recordNumber,
  };

  const save = async () => {
    setError('');
    if (originIssue) return;
    setSaving(true);
    try {
      await saveSettings({
        version: data.tenant.version,
        loginTitle: draft.loginTitle,
        loginFooter: draft.loginFooter,
        pageTitle: draft.pageTitle,
        publicOrigin: draft.publicOrigin,
        ...(data.platformEditable
          ? {
              deployment: {
                version: data.deployment.version,
                recordNumber: draft.recordNumber.trim() || null,
                requestEncryption: draft.encryption === '' ? null : draft.encryption === 'on',
              },
            }
          : {}),
      });
      notify.success(t`保存成功`);
      // this page follows at once: titles, and the encryption flag of later calls
      if (lastTenant()) {
        await loadConfig();
        showDocumentTitle();
      }
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
    } finally {
      setSaving(false);
      await refreshSettings(queryClient);
    }
  };

  return (
    <Flex gap="6" direction={{ base: 'column', xl: 'row' }} align="flex-start">
      <Stack gap="4" flex="1" minW="0" w="full" as="form" onSubmit={(event) => event.preventDefault()} data-testid="settings-form">
        <Heading as="h2" size="sm">
          <Trans>本校配置</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          <Trans>留空则使用部署的默认值。</Trans>
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={<Trans>登录页标题</Trans>} helper={<Trans>默认：{data.defaults.loginTitle}</Trans>}>
            <Input value={draft.loginTitle} maxLength={LOGIN_TITLE_MAX} readOnly={readOnly} placeholder={configText(data.defaults.loginTitle)} onChange={(event) => set({ loginTitle: event.currentTarget.value })} data-testid="settings-login-title" />
          </FormField>
          <FormField label={<Trans>页面标题</Trans>} helper={<Trans>浏览器标签上显示的标题</Trans>}>
            <Input value={draft.pageTitle} maxLength={PAGE_TITLE_MAX} readOnly={readOnly} placeholder={configText(data.defaults.pageTitle)} onChange={(event) => set({ pageTitle: event.currentTarget.value })} data-testid="settings-page-title" />
          </FormField>
          <FormField label={<Trans>登录页页脚</Trans>}>
            <Input value={draft.loginFooter} maxLength={LOGIN_FOOTER_MAX} readOnly={readOnly} placeholder={data.defaults.loginFooter} onChange={(event) => set({ loginFooter: event.currentTarget.value })} data-testid="settings-login-footer" />
          </FormField>
          <FormField
            label={<Trans>对外访问地址</Trans>}
            error={
              originIssue
                ? t`对外访问地址应为 http(s)://域名[:端口]，不带路径`
                : undefined
            }
            helper={
              // the server answers the access address only when the school lists its host (else a forged Host would reach the links)
              data.defaults.publicOrigin ? (
                <Trans>问卷二维码和证明核验链接使用此地址；留空则使用访问时的地址（当前：{data.defaults.publicOrigin}）</Trans>
              ) : (
                <Trans>问卷二维码和证明核验链接使用此地址；当前访问的域名不是本校登记的域名，留空则无法生成这些链接</Trans>
              )
            }
          >
            <Input value={draft.publicOrigin} readOnly={readOnly} placeholder="https://xiaowu.example.edu.cn" onChange={(event) => set({ publicOrigin: event.currentTarget.value })} data-testid="settings-public-origin" />
          </FormField>
        </SimpleGrid>

        <Heading as="h2" size="sm" pt="2">
          <Trans>平台配置</Trans>
        </Heading>
        {!data.platformEditable && (
          <Alert.Root status="info" data-testid="settings-platform-note">
            <Alert.Indicator />
            <Alert.Description>
              <Trans>备案号和请求加密属于整个平台，只能由平台学校（{data.platformTenantName}）的管理员修改，这里仅供查看。</Trans>
            </Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={<Trans>备案号</Trans>} helper={<Trans>留空则使用部署的默认值</Trans>}>
            <Input value={draft.recordNumber} maxLength={RECORD_NUMBER_MAX} readOnly={deploymentReadOnly} placeholder={data.defaults.recordNumber} onChange={(event) => set({ recordNumber: event.currentTarget.value })} data-testid="settings-record-number" />
          </FormField>
          <FormField label={<Trans>请求加密</Trans>}>
            <ChoiceSelect
              value={draft.encryption}
              placeholder={false}
              disabled={deploymentReadOnly}
              onChange={(encryption) => set({ encryption: encryption as Draft['encryption'] })}
              choices={[
                { value: '', label: data.defaults.requestEncryption ? t`跟随启动配置（开启）` : t`跟随启动配置（关闭）` },
                { value: 'on', label: t`开启` },
                { value: 'off', label: t`关闭` },
              ]}
              testId="settings-encryption"
            />
          </FormField>
        </SimpleGrid>
        {error && (
          <Text color="fg.error" role="alert" data-testid="settings-error">
            {error}
          </Text>
        )}
        <Permission anyOf={[SETTINGS_EDIT_PERMISSION]}>
          <Box>
            <Button colorPalette="brand" minH="11" loading={saving} disabled={Boolean(originIssue)} onClick={() => void save()} data-testid="settings-save">
              <Trans>保存</Trans>
            </Button>
          </Box>
        </Permission>
      </Stack>

      <Stack gap="2" w={{ base: 'full', xl: '96' }} flexShrink={0}>
        <Text fontSize="sm" fontWeight="semibold">
          <Trans>登录页预览</Trans>
        </Text>
        <Stack borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg.subtle" data-testid="settings-preview">
          <Flex align="center" gap="3" p="4" bg="bg.panel">
            {getConfig().logoUrl && <Image src={getConfig().logoUrl} alt="" boxSize="8" borderRadius="md" />}
            <Text fontSize="lg" fontWeight="semibold" data-testid="settings-preview-title">
              {configText(shown.loginTitle)}
            </Text>
          </Flex>
          <Box h="24" mx="4" borderRadius="l1" bg="bg.panel" opacity={0.6} />
          <Stack gap="0.5" p="3" align="center" fontSize="xs" color="fg.muted" data-testid="settings-preview-footer">
            {shown.loginFooter && <Text>{shown.loginFooter}</Text>}
            {shown.recordNumber && <Text>{shown.recordNumber}</Text>}
          </Stack>
        </Stack>
      </Stack>
    </Flex>
  );
}
