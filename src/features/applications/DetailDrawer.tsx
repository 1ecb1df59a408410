import { Box, Button, CloseButton, Drawer, Field, Grid, HStack, Input, Portal, Separator, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cancelRefusal, familyOf, OPINION_MAX } from '../../../contracts/application-rules';
import type { ApplicationDetail } from '../../../contracts/applications';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RequestError } from '../../components/RequestError';
import { downloadFile } from '../../lib/download';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { enqueue, useOutboxEntries } from '../../lib/offline/outbox';
import { applicationDetailQuery, applicationKeys, applicationOptionsQuery, cancelApplication, isApplicationDetail, refreshAfterWrite, URLS, withdrawApplication } from './api';
import { Attachments } from './Attachments';
import { DetailLine } from './DetailLine';
import { kindDefinition } from './kinds/registry';
import { stepText } from './labels';
import { useRoleNames } from './role-names';
import { StateBadges } from './StateBadges';
import { auditApplicationKind, auditEntityKey } from './outbox-kind';
import { isoOfLocal, localOfIso, msOfLocal, showRange, showTime } from './time';
import { AuditEvents } from './AuditEvents';

const ApplyDrawer = lazy(() => import('./ApplyDrawer'));

/**
 * The return time a 销假 form starts with: now, clamped into the leave [start, end] (a leave not
 * started yet returns at its start: it was not taken; the server accepts [start, end] inclusive).
 */
export function defaultReturn(detail: Pick<ApplicationDetail, 'startsAt' | 'endsAt'>): string {
  const now = Date.now();
  const start = detail.startsAt ? Date.parse(detail.startsAt) : now;
  const end = detail.endsAt ? Date.parse(detail.endsAt) : now;
  return localOfIso(new Date(Math.min(Math.max(now, start), end)).toISOString());
}

/** The 销假 time is inside the original leave [start, end], ends included (SPEC §4), as typed; the server says the same. */
export function cancelTimeError(detail: Pick<ApplicationDetail, 'startsAt' | 'endsAt'>, local: string, outside: (range: string) => string, required: string): string {
  const at = msOfLocal(local);
  if (Number.isNaN(at)) return required;
  const start = detail.startsAt ? Date.parse(detail.startsAt) : Number.NEGATIVE_INFINITY;
  const end = detail.endsAt ? Date.parse(detail.endsAt) : Number.POSITIVE_INFINITY;
  return at < start || at > end ? outside(showRange(detail.startsAt, detail.endsAt)) : '';
}

/**
 * One application: its fields, pictures, the audit trail (who, when, opinion) and what the caller may
 * do now (`can`): 通过 / 驳回 with an opinion (queued through the outbox: works offline), 撤回, 销假,
 * 打印证明, 编辑 (drafts). Past its deadline it is view-only: 已过期 and the note, no actions but
 * 打印证明 (an approved proof stays printable). While my audit is queued, or stuck in conflict or failed
 * in the outbox, no audit form (the conflict's current application replaces the cached one).
 */
export default function DetailDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(applicationDetailQuery(id));
  const detail = query.data;
  const family = detail ? familyOf(detail.kind) : 'student';
  const options = useQuery({ ...applicationOptionsQuery(family), enabled: Boolean(detail && detail.kind === 'score_proof') });
  const entries = useOutboxEntries({ entityKey: auditEntityKey(id) });
  const queued = entries.find((entry) => entry.state === 'pending' || entry.state === 'sending');
  const stuck = entries.find((entry) => entry.state === 'conflict' || entry.state === 'failed');
  const roleNames = useRoleNames(Boolean(detail?.steps.some((step) => step.kind === 'role' && step.roleCode !== 'teaching_office' && step.roleCode !== 'admin')));

  // a conflict carries the application as it is now: show that, not the version I audited
  const conflictData = stuck?.state === 'conflict' && isApplicationDetail(stuck.serverData) ? stuck.serverData : undefined;
  useEffect(() => {
    if (!conflictData) return;
    const cached = queryClient.getQueryData<ApplicationDetail>(applicationKeys.detail(conflictData.id));
    if (!cached || cached.version < conflictData.version) queryClient.setQueryData(applicationKeys.detail(conflictData.id), conflictData);
  }, [conflictData, queryClient]);

  const [opinion, setOpinion] = useState('');
  const [opinionError, setOpinionError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [returnAt, setReturnAt] = useState<string | null>(null);
  const [cancelError, setCancelError] = useState('');
  const [editing, setEditing] = useState(false);
  // one audit per tap: set until the outbox reports the entry (or the application changes)
  const auditing = useRef(false);
  const outboxState = `${queued?.opId ?? ''}|${stuck?.opId ?? ''}|${detail?.version ?? ''}`;
  useEffect(() => {
    auditing.current = false;
    setBusy((current) => (current === 'pass' || current === 'reject' ? null : current));
  }, [outboxState]);

  const waitingText = (step: string) => t`等待${step}审核`;
  const failed = (error: unknown, fallback: string) => notify.error(error instanceof HttpError ? error.msg : fallback);
  /** A 40900 carries the application as it is now (someone audited or cancelled meanwhile): show it. */
  const refreshOnConflict = async (error: unknown) => {
    if (error instanceof HttpError && isApplicationDetail(error.data)) await refreshAfterWrite(queryClient, error.data);
  };

  const audit = async (decision: 'pass' | 'reject') => {
    if (!detail || auditing.current || queued || stuck) return;
    if (decision === 'reject' && !opinion.trim()) {
      setOpinionError(t`驳回时请填写审核意见`);
      return;
    }
    setOpinionError('');
    auditing.current = true;
    setBusy(decision);
    try {
      await enqueue(auditApplicationKind, {
        entityKey: auditEntityKey(detail.id),
        payload: { id: detail.id, version: detail.version, decision, opinion: opinion.trim() },
        baseVersion: detail.version,
      });
      notify.success(navigator.onLine === false ? t`已保存，联网后自动同步` : t`已提交审核`);
      setOpinion('');
    } catch (error) {
      auditing.current = false;
      setBusy(null);
      failed(error, t`审核失败`);
    }
  };

  const withdraw = async () => {
    if (!detail) return;
    setBusy('withdraw');
    try {
      const answer = await withdrawApplication(detail.id, detail.version);
      notify.success(t`已撤回`);
      setConfirmWithdraw(false);
      await refreshAfterWrite(queryClient, answer);
    } catch (error) {
      if (error instanceof HttpError && isApplicationDetail(error.data)) setConfirmWithdraw(false);
      failed(error, t`撤回失败`);
      await refreshOnConflict(error);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (!detail || returnAt === null) return;
    const message = cancelTimeError(detail, returnAt, (range) => t`销假时间应在原请假时间（${range}）之内`, t`请选择返回时间`);
    setCancelError(message);
    if (message) return;
    setBusy('cancel');
    try {
      const answer = await cancelApplication(detail.id, detail.version, isoOfLocal(returnAt));
      notify.success(t`已销假`);
      setReturnAt(null);
      await refreshAfterWrite(queryClient, answer);
    } catch (error) {
      if (error instanceof HttpError && isApplicationDetail(error.data)) {
        // changed meanwhile: the drawer shows it as it is now (maybe no longer cancellable)
        setReturnAt(null);
        failed(error, t`销假失败`);
        await refreshOnConflict(error);
      } else if (error instanceof HttpError && error.kind === 'failure') setCancelError(error.msg);
      else failed(error, t`销假失败`);
    } finally {
      setBusy(null);
    }
  };

  const printProof = async () => {
    if (!detail) return;
    setBusy('proof');
    try {
      await downloadFile(`${URLS.proof}/${detail.id}`);
    } catch (error) {
      failed(error, t`下载失败`);
    } finally {
      setBusy(null);
    }
  };

  const definition = detail ? kindDefinition(detail.kind) : undefined;
  const DetailLines = definition?.DetailLines;
  const actionable = detail && !detail.expired;
  const pendingStep = detail?.state === 'pending' ? detail.steps[detail.step] : undefined;
  const stepName = (step: ApplicationDetail['steps'][number] | undefined) => stepText(i18n, step, roleNames);
  const applicantText = (name: string, no: string) => t`${name}（${no}）`;

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="application-detail">
            <Drawer.Header>
              <Drawer.Title>{definition ? i18n._(definition.label) : <Trans>申请详情</Trans>}</Drawer.Title>
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
                  <StateBadges row={detail} queued={queued?.state} />
                  {detail.expired ? (
                    <Text fontSize="sm" color="orange.fg" data-testid="application-note">
                      {t`该记录已过期，仅可查看`}
                    </Text>
                  ) : detail.note ? (
                    <Text fontSize="sm" color="fg.muted" data-testid="application-note">
                      {detail.note}
                    </Text>
                  ) : null}
                  {stuck && (
                    <Text fontSize="sm" color="red.fg" data-testid="application-stuck">
                      <Trans>您的审核未能同步，请在待同步面板中处理</Trans>
                    </Text>
                  )}
                  <Stack gap="1">
                    <DetailLine label={t`申请人`} testId="detail-applicant">
                      {detail.applicantNo ? applicantText(detail.applicantName, detail.applicantNo) : detail.applicantName}
                    </DetailLine>
                    {detail.orgUnitName && <DetailLine label={t`班级/部门`}>{detail.orgUnitName}</DetailLine>}
                    {detail.submittedByName && detail.submittedById !== detail.applicantId && <DetailLine label={t`填报人`}>{detail.submittedByName}</DetailLine>}
                    {definition?.hasLeaveType && <DetailLine label={t`请假类型`}>{detail.leaveTypeName || '—'}</DetailLine>}
                    {detail.startsAt && (
                      <DetailLine label={t`起止时间`} testId="detail-range">
                        {showRange(detail.startsAt, detail.endsAt)}
                        <Plural value={detail.days} other="（# 天）" />
                      </DetailLine>
                    )}
                    <DetailLine label={t`事由`} testId="detail-reason">
                      {detail.reason}
                    </DetailLine>
                    {detail.submittedAt && <DetailLine label={t`申请时间`}>{showTime(detail.submittedAt)}</DetailLine>}
                    {detail.cancelState === 'cancelled' && <DetailLine label={t`销假时间`}>{showTime(detail.cancelledAt)}</DetailLine>}
                    {detail.deadlineAt && <DetailLine label={t`可操作截止`}>{showTime(detail.deadlineAt)}</DetailLine>}
                  </Stack>
                  {DetailLines && <DetailLines details={detail.details} options={options.data} />}
                  {detail.attachments.length > 0 && (
                    <Stack gap="2">
                      <Text fontSize="sm" color="fg.muted">
                        <Trans>证明图片</Trans>
                      </Text>
                      <Attachments items={detail.attachments} />
                    </Stack>
                  )}

                  <Separator />
                  <Stack gap="2" data-testid="application-events">
                    <Text fontWeight="medium">
                      <Trans>审核流程</Trans>
                    </Text>
                    <AuditEvents events={detail.events} steps={detail.steps} stepName={stepName} testId="application-event" />
                    {pendingStep && (
                      <Box borderStartWidth="3px" borderColor="orange.solid" borderStyle="dashed" ps="3" data-testid="application-waiting">
                        <Text fontSize="sm">
                          {waitingText(stepName(pendingStep))}
                        </Text>
                      </Box>
                    )}
                  </Stack>

                  {actionable && detail.can.audit && !queued && !stuck && (
                    <Stack gap="2" data-testid="audit-form">
                      <Separator />
                      <Field.Root invalid={Boolean(opinionError)}>
                        <Field.Label>
                          <Trans>审核意见</Trans>
                        </Field.Label>
                        <Textarea value={opinion} rows={3} maxLength={OPINION_MAX} placeholder={t`请输入`} onChange={(event) => setOpinion(event.currentTarget.value)} data-testid="audit-opinion" />
                        {opinionError && <Field.ErrorText>{opinionError}</Field.ErrorText>}
                      </Field.Root>
                      <HStack gap="2">
                        <Button colorPalette="green" minH="11" flex="1" loading={busy === 'pass'} onClick={() => void audit('pass')} data-testid="audit-pass">
                          <Trans>通过</Trans>
                        </Button>
                        <Button colorPalette="red" variant="outline" minH="11" flex="1" loading={busy === 'reject'} onClick={() => void audit('reject')} data-testid="audit-reject">
                          <Trans>驳回</Trans>
                        </Button>
                      </HStack>
                    </Stack>
                  )}

                  {actionable && detail.can.cancel && cancelRefusal(detail, new Date()) === null && (
                    <Stack gap="2" data-testid="cancel-form">
                      <Separator />
                      {returnAt === null ? (
                        <Button variant="outline" minH="11" onClick={() => setReturnAt(defaultReturn(detail))} data-testid="cancel-open">
                          <Trans>销假</Trans>
                        </Button>
                      ) : (
                        <>
                          <Field.Root invalid={Boolean(cancelError)}>
                            <Field.Label>
                              <Trans>返回时间</Trans>
                            </Field.Label>
                            <Input type="datetime-local" minH="11" value={returnAt} onChange={(event) => setReturnAt(event.currentTarget.value)} data-testid="cancel-at" />
                            {cancelError && <Field.ErrorText data-testid="cancel-error">{cancelError}</Field.ErrorText>}
                          </Field.Root>
                          <HStack gap="2">
                            <Button variant="outline" onClick={() => setReturnAt(null)}>
                              <Trans>取消</Trans>
                            </Button>
                            <Button colorPalette="brand" loading={busy === 'cancel'} onClick={() => void cancel()} data-testid="cancel-confirm">
                              <Trans>确认销假</Trans>
                            </Button>
                          </HStack>
                        </>
                      )}
                    </Stack>
                  )}
                </Stack>
              )}
            </Drawer.Body>
            {detail && (detail.can.proof || (actionable && (detail.can.withdraw || detail.can.edit))) && (
              <Drawer.Footer>
                <Grid templateColumns="repeat(auto-fit, minmax(6rem, 1fr))" gap="2" width="full">
                  {actionable && detail.can.edit && (
                    <Button variant="outline" onClick={() => setEditing(true)} data-testid="application-edit">
                      <Trans>编辑</Trans>
                    </Button>
                  )}
                  {actionable && detail.can.withdraw && (
                    <Button variant="outline" colorPalette="red" onClick={() => setConfirmWithdraw(true)} data-testid="application-withdraw">
                      <Trans>撤回</Trans>
                    </Button>
                  )}
                  {/* an approved proof stays printable after its deadline (view-only means no changes) */}
                  {detail.can.proof && (
                    <Button colorPalette="brand" loading={busy === 'proof'} onClick={() => void printProof()} data-testid="application-proof">
                      <Trans>打印证明</Trans>
                    </Button>
                  )}
                </Grid>
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
      {editing && detail && (
        <Suspense fallback={null}>
          <ApplyDrawer kinds={[detail.kind]} draft={detail} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
        </Suspense>
      )}
    </Drawer.Root>
  );
}
