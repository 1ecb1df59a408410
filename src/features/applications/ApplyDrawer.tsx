import { Alert, Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { familyOf, LEAVE_TYPE_DICTS, MAX_ATTACHMENTS, REASON_MAX, type ApplicationKind } from '../../../contracts/application-rules';
import type { ApplicationDetail, ApplicationOptions, BlockedPeriodRow } from '../../../contracts/applications';
import { FormShell } from '../../components/FormShell';
import { ChoiceSelect } from '../../components/selector/ChoiceSelect';
import { DictSelect } from '../../components/selector/DictSelect';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { applicationOptionsQuery, refreshAfterWrite, saveApplication } from './api';
import { kindDefinition } from './kinds/registry';
import { isoOfLocal, localOfIso, msOfLocal, showRange } from './time';

export interface ApplyValues {
  kind: ApplicationKind;
  applicantId: string;
  leaveType: string;
  startsAt: string;
  endsAt: string;
  reason: string;
  attachments: string[];
  details: Record<string, unknown>;
}

export interface ApplyMessages {
  kind: string;
  applicantRequired: string;
  leaveTypeRequired: string;
  timeRequired: string;
  startBeforeEnd: string;
  blocked: (period: BlockedPeriodRow) => string;
  reasonRequired: string;
  reasonTooLong: string;
}

/**
 * The common rules of an application as typed (the server applies the same and answers the same
 * words): the student, the leave type, start before end (开始时间应早于结束时间), no non-selectable
 * period inside the range (所选时间段包含不可选时段：…), a reason of at most 300 characters, then the
 * kind's own fields. → messages per field ('details.<name>' for the kind's fields); {} when valid.
 *
 * A draft (保存草稿, `draft` true) may be incomplete, as the server allows: only the student (whom it
 * is for), the reason, the formats (lengths, a phone number…) and start < end when both are given.
 */
export function validateApplication(
  values: ApplyValues,
  options: Pick<ApplicationOptions, 'blockedPeriods' | 'students'>,
  messages: ApplyMessages,
  needsStudent: boolean,
  draft = false,
): Record<string, string> {
  const definition = kindDefinition(values.kind);
  const errors: Record<string, string> = {};
  if (needsStudent && !values.applicantId) errors.applicantId = messages.applicantRequired;
  if (definition.hasLeaveType && !values.leaveType && !draft) errors.leaveType = messages.leaveTypeRequired;
  if (definition.hasTimeRange) {
    const time = timeRangeError(values, options, messages, draft);
    if (time) errors.time = time;
  }
  if (!values.reason.trim()) errors.reason = messages.reasonRequired;
  else if (values.reason.trim().length > REASON_MAX) errors.reason = messages.reasonTooLong;
  const detailErrors = definition.validateDetails?.(values.details, options) ?? {};
  for (const [name, message] of Object.entries(detailErrors)) {
    // a draft's empty field is not an error (a required one is asked for at submission); a bad value is
    if (message && !(draft && isEmptyValue(values.details[name]))) errors[`details.${name}`] = message;
  }
  return errors;
}

/**
 * The time pair's rule (validateApplication's `time`): both given (not for a draft), start before end,
 * no non-selectable period inside (submission only). '' when it holds. The form re-checks the pair
 * whenever either time changes, so a fixed range clears its message at once.
 */
export function timeRangeError(
  values: Pick<ApplyValues, 'kind' | 'startsAt' | 'endsAt'>,
  options: Pick<ApplicationOptions, 'blockedPeriods'>,
  messages: Pick<ApplyMessages, 'timeRequired' | 'startBeforeEnd' | 'blocked'>,
  draft: boolean,
): string {
  const start = msOfLocal(values.startsAt);
  const end = msOfLocal(values.endsAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return draft ? '' : messages.timeRequired;
  if (start >= end) return messages.startBeforeEnd;
  if (draft) return '';
  // the non-selectable periods are the submission's rule
  const blocked = options.blockedPeriods.find((period) => period.kinds.includes(values.kind) && Date.parse(period.startsAt) < end && Date.parse(period.endsAt) > start);
  return blocked ? messages.blocked(blocked) : '';
}

const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && value.length === 0);

export interface ApplyDrawerProps {
  /** the kinds the user may apply for on this screen (a choice when several) */
  kinds: readonly ApplicationKind[];
  /** a draft to change (its kind, values and version) */
  draft?: ApplicationDetail;
  onClose: () => void;
  onSaved: (id: string) => void;
}

/**
 * The apply drawer (FormShell): the common fields, the kind's own, 保存草稿 and 提交. The
 * application's id is made when the drawer opens and is the first save's idempotency key, so a
 * retry never files it twice; a refused save shows the server's words under the form and keeps
 * everything typed.
 */
export default function ApplyDrawer({ kinds, draft, onClose, onSaved }: ApplyDrawerProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const firstKind = draft?.kind ?? kinds[0]!;
  const options = useQuery(applicationOptionsQuery(familyOf(firstKind)));
  const id = useRef(draft?.id ?? uuidv7());
  const key = useRef(draft ? uuidv7() : id.current);
  const version = useRef(draft?.version);
  const [values, setValues] = useState<ApplyValues>(() => ({
    kind: firstKind,
    applicantId: draft?.applicantId ?? '',
    leaveType: draft?.leaveType ?? '',
    startsAt: localOfIso(draft?.startsAt),
    endsAt: localOfIso(draft?.endsAt),
    reason: draft?.reason ?? '',
    attachments: draft?.attachments.map((item) => item.resId) ?? [],
    details: draft?.details ?? kindDefinition(firstKind).emptyDetails(),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);

  const definition = kindDefinition(values.kind);
  const student = familyOf(values.kind) === 'student';
  const students = options.data?.students ?? [];
  const applicantId = values.applicantId || (students.length === 1 ? students[0]!.id : '');
  const leaveTypes = options.data?.leaveTypes[values.kind];
  const set = (patch: Partial<ApplyValues>) => setValues((current) => ({ ...current, ...patch }));

  const studentLabel = (name: string, className: string) => t`${name}（${className}）`;
  const messages: ApplyMessages = {
    kind: '',
    applicantRequired: t`请选择学生`,
    leaveTypeRequired: t`请选择请假类型`,
    timeRequired: t`请选择开始时间和结束时间`,
    startBeforeEnd: t`开始时间应早于结束时间`,
    blocked: (period) => {
      const name = period.name;
      const range = showRange(period.startsAt, period.endsAt);
      return t`所选时间段包含不可选时段：${name}（${range}）`;
    },
    reasonRequired: t`请输入事由`,
    reasonTooLong: t`事由不能超过${REASON_MAX}个字符`,
  };

  /**
   * A time changed: check the pair again at once when both are given (or a message is showing), so
   * 开始时间应早于结束时间 goes away as soon as the range is right and appears as soon as it is wrong.
   */
  const setTime = (patch: Pick<Partial<ApplyValues>, 'startsAt' | 'endsAt'>) => {
    const next = { ...values, ...patch };
    set(patch);
    if (!errors.time && !(next.startsAt && next.endsAt)) return;
    const time = timeRangeError(next, options.data ?? { blockedPeriods: [] }, messages, false);
    setErrors(({ time: _shown, ...others }) => (time ? { ...others, time } : others));
  };

  const save = async (submit: boolean) => {
    const current = { ...values, applicantId };
    const found = validateApplication(current, options.data ?? { blockedPeriods: [], students: [] }, messages, student, !submit);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) throw new Error('invalid');
    setSaving(submit ? 'submit' : 'draft');
    try {
      const answer = await saveApplication(
        {
          id: id.current,
          ...(version.current ? { version: version.current } : {}),
          kind: current.kind,
          ...(student && current.applicantId ? { applicantId: current.applicantId } : {}),
          leaveType: definition.hasLeaveType ? current.leaveType : '',
          startsAt: definition.hasTimeRange ? isoOfLocal(current.startsAt) : null,
          endsAt: definition.hasTimeRange ? isoOfLocal(current.endsAt) : null,
          reason: current.reason.trim(),
          details: current.details,
          attachments: definition.hasAttachments ? current.attachments : [],
          submit,
        },
        key.current,
      );
      // the next save of this application (a draft changed again) is another request
      key.current = uuidv7();
      version.current = answer.version;
      notify.success(submit ? t`提交成功` : t`草稿已保存`);
      await refreshAfterWrite(queryClient, answer);
      onSaved(answer.id);
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') setServerError(error.msg);
      else if (error instanceof HttpError) setServerError(error.msg || t`保存失败，请稍后重试`);
      throw error;
    } finally {
      setSaving(null);
    }
  };

  const Fields = definition.Fields;
  const formTitle = i18n._(definition.formTitle);
  const detailErrors = Object.fromEntries(Object.entries(errors).filter(([name]) => name.startsWith('details.')).map(([name, message]) => [name.slice(8), message]));

  return (
    <FormShell
      open
      size="md"
      title={draft ? t`编辑${formTitle}` : formTitle}
      saveLabel={<Trans>提交</Trans>}
      saving={saving === 'submit'}
      onCancel={onClose}
      onSave={() => save(true)}
    >
      <Stack gap="4" data-testid="apply-form">
        {kinds.length > 1 && !draft && (
          <Field.Root required>
            <Field.Label>
              <Trans>申请类型</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            <ChoiceSelect
              minH="11"
              testId="apply-kind"
              placeholder={false}
              value={values.kind}
              onChange={(value) => {
                const kind = value as ApplicationKind;
                set({ kind, leaveType: '', details: kindDefinition(kind).emptyDetails() });
                setErrors({});
              }}
              choices={kinds.map((kind) => ({ value: kind, label: i18n._(kindDefinition(kind).label) }))}
            />
          </Field.Root>
        )}

        {student && (
          <Field.Root required invalid={Boolean(errors.applicantId)}>
            <Field.Label>
              <Trans>学生</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            {students.length === 1 ? (
              <Text data-testid="apply-student">
                {studentLabel(students[0]!.name, students[0]!.className)}
              </Text>
            ) : (
              <ChoiceSelect
                aria-label={t`学生`}
                value={applicantId}
                loading={options.isLoading}
                invalid={Boolean(errors.applicantId)}
                onChange={(value) => set({ applicantId: value, details: values.kind === 'score_proof' ? { ...values.details, batchIds: [] } : values.details })}
                choices={students.map((item) => ({ value: item.id, label: studentLabel(item.name, item.className) }))}
              />
            )}
            {errors.applicantId && <Field.ErrorText>{errors.applicantId}</Field.ErrorText>}
          </Field.Root>
        )}

        {definition.hasLeaveType && (
          <Field.Root required invalid={Boolean(errors.leaveType)}>
            <Field.Label>
              <Trans>请假类型</Trans>
              <Field.RequiredIndicator />
            </Field.Label>
            {leaveTypes && leaveTypes.length > 0 ? (
              <ChoiceSelect aria-label={t`请假类型`} value={values.leaveType} invalid={Boolean(errors.leaveType)} onChange={(leaveType) => set({ leaveType })} choices={leaveTypes.map((item) => ({ value: item.code, label: item.name }))} />
            ) : (
              <DictSelect aria-label={t`请假类型`} typeCode={LEAVE_TYPE_DICTS[values.kind] ?? ''} value={values.leaveType} invalid={Boolean(errors.leaveType)} onChange={(leaveType) => set({ leaveType })} />
            )}
            {errors.leaveType && <Field.ErrorText>{errors.leaveType}</Field.ErrorText>}
          </Field.Root>
        )}

        {definition.hasTimeRange && (
          <Field.Root required invalid={Boolean(errors.time)}>
            <Stack gap="3" width="full">
              <Stack gap="1">
                <Field.Label>
                  <Trans>开始时间</Trans>
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input type="datetime-local" minH="11" aria-label={t`开始时间`} value={values.startsAt} onChange={(event) => setTime({ startsAt: event.currentTarget.value })} data-testid="apply-start" />
              </Stack>
              <Stack gap="1">
                <Text fontSize="sm" fontWeight="medium">
                  <Trans>结束时间</Trans>
                  <Field.RequiredIndicator />
                </Text>
                <Input type="datetime-local" minH="11" aria-label={t`结束时间`} value={values.endsAt} min={values.startsAt || undefined} onChange={(event) => setTime({ endsAt: event.currentTarget.value })} data-testid="apply-end" />
              </Stack>
            </Stack>
            {errors.time && <Field.ErrorText data-testid="apply-time-error">{errors.time}</Field.ErrorText>}
          </Field.Root>
        )}

        <Field.Root required invalid={Boolean(errors.reason)}>
          <Field.Label>
            <Trans>事由</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea rows={3} value={values.reason} placeholder={t`请输入`} onChange={(event) => set({ reason: event.currentTarget.value })} data-testid="apply-reason" />
          <Field.HelperText>
            {values.reason.trim().length}/{REASON_MAX}
          </Field.HelperText>
          {errors.reason && <Field.ErrorText data-testid="apply-reason-error">{errors.reason}</Field.ErrorText>}
        </Field.Root>

        {definition.hasAttachments && (
          <Field.Root>
            <Field.Label>
              <Trans>证明图片</Trans>
            </Field.Label>
            <ImageUpload value={values.attachments} onChange={(attachments) => set({ attachments })} category="leaveCertificate" limit={MAX_ATTACHMENTS} />
            <Field.HelperText>
              <Trans>最多{MAX_ATTACHMENTS}张，JPG/PNG格式，每张不超过2MB</Trans>
            </Field.HelperText>
          </Field.Root>
        )}

        {Fields && options.data && (
          <Fields kind={values.kind} details={values.details} onDetailsChange={(details) => set({ details })} errors={detailErrors} options={options.data} applicantId={applicantId} />
        )}

        {serverError && (
          <Alert.Root status="error" data-testid="apply-error">
            <Alert.Indicator />
            <Alert.Title>{serverError}</Alert.Title>
          </Alert.Root>
        )}

        <Button variant="outline" alignSelf="flex-start" loading={saving === 'draft'} onClick={() => void save(false).catch(() => undefined)} data-testid="apply-draft">
          <Trans>保存草稿</Trans>
        </Button>
      </Stack>
    </FormShell>
  );
}
