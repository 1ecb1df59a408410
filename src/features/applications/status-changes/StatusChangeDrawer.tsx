import { Badge, Button, CloseButton, Drawer, Field, HStack, Portal, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OPINION_MAX } from '../../../../contracts/status-change-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RequestError } from '../../../components/RequestError';
import { FileLinks } from '../../../components/upload/FileLinks';
import { formatDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { useLocalName } from '../../../lib/local-name';
import { notify } from '../../../lib/notify';
import { DetailLine } from '../DetailLine';
import { stepText } from '../labels';
import { showTime } from '../time';
import { withdrawApplication } from '../api';
import { auditStatusChange, refreshStatusChanges, statusChangeDetailQuery } from './api';
import { STATE_COLORS, STATE_LABELS, TYPE_LABELS } from './labels';
import { AuditEvents } from '../AuditEvents';

const day = (date: string) => formatDate(`${date}T00:00:00+08:00`);

/**
 * One status change: the student, type, classes, effective date (and the day it took effect), reason,
 * attachments, the audit trail (who, when, opinion; the step it waits at) and, for whoever may audit
 * it now, 通过 / 驳回 with an opinion (the applications engine's audit; a filer is told why not); for
 * the filer while it waits and nobody audited it, 撤回 (the engine's withdraw, as 申请管理's).
 */
export default function StatusChangeDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const query = useQuery(statusChangeDetailQuery(id));
  const detail = query.data;
  const [opinion, setOpinion] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'pass' | 'reject' | 'withdraw' | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const studentText = (name: string, no: string) => t`${name}（${no}）`;

  const decide = async (decision: 'pass' | 'reject') => {
    if (!detail) return;
    if (decision === 'reject' && !opinion.trim()) {
      setError(t`驳回时请填写审核意见`);
      return;
    }
    setBusy(decision);
    setError('');
    try {
      await auditStatusChange(detail.id, detail.version, decision, opinion.trim());
      notify.success(decision === 'pass' ? t`审核通过` : t`已驳回`);
      setOpinion('');
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`审核失败`);
    } finally {
      setBusy(null);
      await refreshStatusChanges(queryClient);
    }
  };

  const withdraw = async () => {
    if (!detail) return;
    setBusy('withdraw');
    setError('');
    try {
      await withdrawApplication(detail.id, detail.version);
      notify.success(t`已撤回`);
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`撤回失败`);
    } finally {
      setConfirmWithdraw(false);
      setBusy(null);
      await refreshStatusChanges(queryClient);
    }
  };

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="status-change-detail">
            <Drawer.Header>
              <Drawer.Title>{detail ? i18n._(TYPE_LABELS[detail.changeType]) : <Trans>学籍异动</Trans>}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {query.isError && !detail ? (
                <RequestError error={query.error} />
              ) : !detail ? (
                <Text color="fg.muted">
                  <Trans>加载中…</Trans>
                </Text>
              ) : (
                <Stack gap="4">
                  <HStack>
                    <Badge colorPalette={STATE_COLORS[detail.state]} data-testid="status-change-detail-state">
                      {i18n._(STATE_LABELS[detail.state])}
                    </Badge>
                    {!detail.effective && (
                      <Badge colorPalette="gray">
                        <Trans>仅记录，不生效</Trans>
                      </Badge>
                    )}
                  </HStack>
                  {detail.note && (
                    <Text fontSize="sm" color="fg.muted" data-testid="status-change-note">
                      {detail.note}
                    </Text>
                  )}
                  <Stack gap="1">
                    <DetailLine label={t`学生`} testId="status-change-detail-student">
                      {studentText(detail.studentName, detail.studentNo)}
                    </DetailLine>
                    <DetailLine label={t`异动类型`}>{i18n._(TYPE_LABELS[detail.changeType])}</DetailLine>
                    <DetailLine label={t`原班级`}>{localName(detail.fromClassName, detail.fromClassNameEn) || '—'}</DetailLine>
                    {detail.toClassName && <DetailLine label={t`转入班级`}>{localName(detail.toClassName, detail.toClassNameEn)}</DetailLine>}
                    <DetailLine label={t`生效日期`}>{day(detail.effectiveDate)}</DetailLine>
                    {detail.appliedOn && <DetailLine label={t`实际生效`}>{day(detail.appliedOn)}</DetailLine>}
                    <DetailLine label={t`原因`}>{detail.reason}</DetailLine>
                    <DetailLine label={t`申请人`}>{detail.submittedByName}</DetailLine>
                    <DetailLine label={t`申请时间`}>{showTime(detail.submittedAt)}</DetailLine>
                  </Stack>
                  {detail.attachments.length > 0 && (
                    <Stack gap="2">
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>附件</Trans>
                      </Text>
                      <FileLinks items={detail.attachments} testId="status-change-file" />
                    </Stack>
                  )}
                  <Separator />
                  <Stack gap="2" data-testid="status-change-events">
                    <Text fontWeight="medium">
                      <Trans>审核流程</Trans>
                    </Text>
                    <AuditEvents events={detail.events} steps={detail.steps} stepName={(step) => stepText(i18n, step)} testId="status-change-event" />
                    {detail.applicationState === 'pending' && detail.steps[detail.step] && (
                      <Text fontSize="sm" color="orange.fg">
                        {t`待审核：${stepText(i18n, detail.steps[detail.step])}`}
                      </Text>
                    )}
                  </Stack>
                  {detail.mayAudit && (
                    <Field.Root invalid={Boolean(error)}>
                      <Field.Label>
                        <Trans>审核意见</Trans>
                      </Field.Label>
                      <Textarea value={opinion} maxLength={OPINION_MAX} rows={3} placeholder={t`请输入`} onChange={(event) => setOpinion(event.currentTarget.value)} data-testid="status-change-opinion" />
                      {error && <Field.ErrorText data-testid="status-change-audit-error">{error}</Field.ErrorText>}
                    </Field.Root>
                  )}
                  {!detail.mayAudit && error && (
                    <Text color="red.fg" role="alert">
                      {error}
                    </Text>
                  )}
                </Stack>
              )}
            </Drawer.Body>
            {detail?.mayWithdraw && (
              <Drawer.Footer>
                <Button variant="outline" colorPalette="red" minH="11" width="full" disabled={busy !== null} onClick={() => setConfirmWithdraw(true)} data-testid="status-change-withdraw">
                  <Trans>撤回</Trans>
                </Button>
              </Drawer.Footer>
            )}
            {detail?.mayAudit && (
              <Drawer.Footer>
                <HStack gap="2" width="full" justify="end">
                  <Button variant="outline" colorPalette="red" minH="11" loading={busy === 'reject'} disabled={busy !== null} onClick={() => void decide('reject')} data-testid="status-change-reject">
                    <Trans>驳回</Trans>
                  </Button>
                  <Button colorPalette="green" minH="11" loading={busy === 'pass'} disabled={busy !== null} onClick={() => void decide('pass')} data-testid="status-change-pass">
                    <Trans>通过</Trans>
                  </Button>
                </HStack>
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      <ConfirmDialog open={confirmWithdraw} title={<Trans>提示</Trans>} busy={busy === 'withdraw'} onConfirm={() => void withdraw()} onCancel={() => setConfirmWithdraw(false)}>
        <Trans>确定撤回该申请吗？</Trans>
      </ConfirmDialog>
    </Drawer.Root>
  );
}
