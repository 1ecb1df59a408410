import { Field, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OPINION_MAX } from '../../../contracts/application-rules';
import { FormShell } from '../../components/FormShell';
import { ResponseCode } from '../../../contracts/envelope';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { batchAudit, refreshAfterWrite } from './api';

export interface BatchAuditDialogProps {
  decision: 'pass' | 'reject';
  ids: string[];
  /** the audit state the rows were selected in (they all share it): the server refuses the batch with
   * 40900 when one has moved on since the list was read */
  auditState: string;
  onClose: () => void;
  onDone: () => void;
  /** the server refused the batch (e.g. 所选申请不是同一审核状态，不能批量审核): its words */
  onRefused: (message: string) => void;
  /** 40900: a selected application changed meanwhile (the lists are refreshed) */
  onChanged: () => void;
}

/** 批量通过 / 批量驳回: one opinion for every selected application (online only: one call). */
export default function BatchAuditDialog({ decision, ids, auditState, onClose, onDone, onRefused, onChanged }: BatchAuditDialogProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [opinion, setOpinion] = useState('');
  const count = ids.length;
  const [error, setError] = useState('');
  const save = async () => {
    if (decision === 'reject' && !opinion.trim()) {
      setError(t`驳回时请填写审核意见`);
      throw new Error('opinion required');
    }
    try {
      const answer = await batchAudit(ids, decision, opinion.trim(), auditState);
      const done = answer.count;
      notify.success(t`已审核 ${done} 条申请`);
      onDone();
    } catch (failure) {
      if (failure instanceof HttpError && failure.code === ResponseCode.conflict) {
        onChanged();
        return;
      }
      const message = failure instanceof HttpError ? failure.msg : t`审核失败`;
      setError(message);
      onRefused(message);
      throw failure;
    } finally {
      await refreshAfterWrite(queryClient);
    }
  };
  return (
    <FormShell open variant="dialog" size="sm" title={decision === 'pass' ? t`批量通过` : t`批量驳回`} saveLabel={<Trans>确定</Trans>} onCancel={onClose} onSave={save}>
      <Text mb="3" data-testid="batch-dialog-count">
        {decision === 'pass' ? t`将通过所选的 ${count} 条申请` : t`将驳回所选的 ${count} 条申请`}
      </Text>
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>
          <Trans>审核意见</Trans>
        </Field.Label>
        <Textarea value={opinion} maxLength={OPINION_MAX} rows={3} placeholder={t`请输入`} onChange={(event) => setOpinion(event.currentTarget.value)} data-testid="batch-opinion" />
        {error && <Field.ErrorText data-testid="batch-dialog-error">{error}</Field.ErrorText>}
      </Field.Root>
    </FormShell>
  );
}
