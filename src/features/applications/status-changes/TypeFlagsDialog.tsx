import { chakra, Flex, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatusChangeTypeRow } from '../../../../contracts/status-changes';
import { FormShell } from '../../../components/FormShell';
import { Switch } from '../../../components/form/fields';
import { RequestError } from '../../../components/RequestError';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { saveStatusChangeType, statusChangeKeys, statusChangeTypesQuery } from './api';
import { TYPE_LABELS } from './labels';

/**
 * Each change type's effective flag (SPEC §4), for those who audit changes: on, an approved change of
 * the type moves the student on its date; off, it is kept as an audited record that changes nothing.
 * Changes filed from now on read the flag.
 */
export default function TypeFlagsDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(statusChangeTypesQuery);
  const [busy, setBusy] = useState('');
  const toggle = async (row: StatusChangeTypeRow, effective: boolean) => {
    setBusy(row.code);
    try {
      queryClient.setQueryData(statusChangeKeys.types, await saveStatusChangeType(row, effective));
      notify.success(t`保存成功`);
    } catch (failure) {
      notify.error(failure instanceof HttpError ? failure.msg : t`保存失败`);
      await queryClient.invalidateQueries({ queryKey: statusChangeKeys.types });
    } finally {
      setBusy('');
    }
  };
  return (
    <FormShell open variant="dialog" size="sm" title={<Trans>异动类型是否生效</Trans>} onCancel={onClose} saveLabel={<Trans>关闭</Trans>} onSave={onClose}>
      <Stack gap="3" data-testid="status-change-types">
        <Text fontSize="sm" color="fg.muted">
          <Trans>生效：审核通过后在生效日调整学生的班级和学籍状态；不生效：只作记录。之后提交的异动按此执行。</Trans>
        </Text>
        {query.isError ? (
          <RequestError error={query.error} />
        ) : (
          (query.data ?? []).map((row) => (
            <Flex key={row.code} align="center" justify="space-between" gap="3" minH="11" data-testid="status-change-type-row" data-code={row.code}>
              <chakra.label htmlFor={`status-change-type-${row.code}`}>{i18n._(TYPE_LABELS[row.code])}</chakra.label>
              <Switch id={`status-change-type-${row.code}`} checked={row.effective} disabled={busy !== ''} onChange={(effective) => void toggle(row, effective)} />
            </Flex>
          ))
        )}
      </Stack>
    </FormShell>
  );
}
