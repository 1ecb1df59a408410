import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApplicationOptions } from '../../../../contracts/applications';
import { isCalendarDate } from '../../../../contracts/date-rules';
import { SUBJECT_DICT } from '../../../../contracts/dict-codes';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { dictLabel, dictQuery } from '../../../lib/dicts';
import { DetailLine } from '../DetailLine';
import { isoOfLocal, localOfIso, showRange } from '../time';
import type { KindDefinition, KindFieldsProps } from './types';

/**
 * The staff kinds of 教师考勤 (SPEC §1 'Staff'): leave (a leave type of STD_JSQJLX, the common
 * fields), outing (destination), overtime (common fields only), shift (the colleague and the
 * colleague's time range swapped with mine) and make-up (the class and subject taught, the missed
 * lesson's date; the make-up lesson itself is the common start/end). Messages are the ones the
 * server gives for the same rules.
 */

const DESTINATION_MAX = 100;
const schoolIso = isoOfLocal;
const schoolLocal = (iso: unknown) => localOfIso(typeof iso === 'string' ? iso : '');
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/* ---------------------------------------------------------------- validation */

export function validateOuting(details: Record<string, unknown>): Partial<Record<string, string>> {
  const destination = text(details.destination).trim();
  if (!destination) return { destination: t`请输入目的地` };
  if (destination.length > DESTINATION_MAX) return { destination: t`目的地不能超过${DESTINATION_MAX}个字符` };
  return {};
}

/**
 * The colleague, and the colleague's time range: start before end and, like my own range, no
 * non-selectable period of shifts inside it (SPEC §5 'selected time ranges'; the server checks both).
 */
export function validateShift(details: Record<string, unknown>, options?: Pick<ApplicationOptions, 'blockedPeriods'>): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!text(details.counterpartId)) errors.counterpartId = t`请选择调班同事`;
  const start = Date.parse(text(details.swapStartsAt));
  const end = Date.parse(text(details.swapEndsAt));
  if (Number.isNaN(start) || Number.isNaN(end)) errors.swapEndsAt = t`请选择对方的开始时间和结束时间`;
  else if (start >= end) errors.swapEndsAt = t`开始时间应早于结束时间`;
  else {
    const blocked = options?.blockedPeriods.find(
      (period) => period.kinds.includes('staff_shift') && Date.parse(period.startsAt) < end && Date.parse(period.endsAt) > start,
    );
    if (blocked) {
      const name = blocked.name;
      const range = showRange(blocked.startsAt, blocked.endsAt);
      errors.swapEndsAt = t`所选时间段包含不可选时段：${name}（${range}）`;
    }
  }
  return errors;
}

export function validateMakeup(details: Record<string, unknown>): Partial<Record<string, string>> {
  const errors: Partial<Record<string, string>> = {};
  if (!text(details.classId)) errors.classId = t`请选择班级`;
  if (!text(details.subject)) errors.subject = t`请选择科目`;
  if (!isCalendarDate(text(details.missedDate))) errors.missedDate = t`请选择缺课日期`;
  return errors;
}

/* ---------------------------------------------------------------- fields */

function FieldBox({ label, error, required, children }: { label: ReactNode; error?: string; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function OutingFields({ details, onDetailsChange, errors, disabled }: KindFieldsProps) {
  return (
    <FieldBox label={<Trans>目的地</Trans>} error={errors.destination} required>
      <Input
        minH="11"
        data-testid="field-destination"
        maxLength={DESTINATION_MAX}
        value={text(details.destination)}
        disabled={disabled}
        onChange={(event) => onDetailsChange({ ...details, destination: event.target.value })}
      />
    </FieldBox>
  );
}

/** 周雅琴（教务处） / Zhou Yaqin (Academic Affairs): the separator is the message's, per language. */
function colleagueLabel({ name, departmentName: department }: ApplicationOptions['colleagues'][number]): string {
  return department ? t`${name}（${department}）` : name;
}

function ShiftFields({ details, onDetailsChange, errors, options, disabled }: KindFieldsProps) {
  const set = (key: string, value: string) => onDetailsChange({ ...details, [key]: value });
  return (
    <Stack gap="4">
      <FieldBox label={<Trans>调班同事</Trans>} error={errors.counterpartId} required>
        <ChoiceSelect
          minH="11"
          testId="field-counterpart"
          value={text(details.counterpartId)}
          disabled={disabled}
          onChange={(value) => set('counterpartId', value)}
          choices={options.colleagues.map((colleague) => ({ value: colleague.id, label: colleagueLabel(colleague) }))}
        />
      </FieldBox>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FieldBox label={<Trans>对方开始时间</Trans>} error={errors.swapStartsAt} required>
          <Input
            type="datetime-local"
            minH="11"
            data-testid="field-swap-start"
            value={schoolLocal(details.swapStartsAt)}
            disabled={disabled}
            onChange={(event) => set('swapStartsAt', schoolIso(event.target.value))}
          />
        </FieldBox>
        <FieldBox label={<Trans>对方结束时间</Trans>} error={errors.swapEndsAt} required>
          <Input
            type="datetime-local"
            minH="11"
            data-testid="field-swap-end"
            value={schoolLocal(details.swapEndsAt)}
            disabled={disabled}
            onChange={(event) => set('swapEndsAt', schoolIso(event.target.value))}
          />
        </FieldBox>
      </SimpleGrid>
    </Stack>
  );
}

function MakeupFields({ details, onDetailsChange, errors, options, disabled }: KindFieldsProps) {
  const classId = text(details.classId);
  const subjects = options.classes.find((item) => item.id === classId)?.subjects ?? [];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FieldBox label={<Trans>班级</Trans>} error={errors.classId} required>
          <ChoiceSelect
            minH="11"
            testId="field-class"
            value={classId}
            disabled={disabled}
            onChange={(value) => {
              const next = options.classes.find((item) => item.id === value)?.subjects ?? [];
              // keep the subject when the new class has it; one subject is chosen for the teacher
              const subject = next.some((item) => item.code === details.subject) ? text(details.subject) : next.length === 1 ? next[0].code : '';
              onDetailsChange({ ...details, classId: value, subject });
            }}
            choices={options.classes.map((item) => ({ value: item.id, label: item.name }))}
          />
        </FieldBox>
        <FieldBox label={<Trans>科目</Trans>} error={errors.subject} required>
          <ChoiceSelect
            minH="11"
            testId="field-subject"
            value={text(details.subject)}
            disabled={disabled || !classId}
            onChange={(value) => onDetailsChange({ ...details, subject: value })}
            choices={subjects.map((item) => ({ value: item.code, label: item.name }))}
          />
        </FieldBox>
      </SimpleGrid>
      <FieldBox label={<Trans>缺课日期</Trans>} error={errors.missedDate} required>
        <Input
          type="date"
          minH="11"
          data-testid="field-missed-date"
          value={text(details.missedDate)}
          disabled={disabled}
          onChange={(event) => onDetailsChange({ ...details, missedDate: event.target.value })}
        />
      </FieldBox>
      <Text fontSize="sm" color="fg.muted">
        <Trans>开始、结束时间即补课时间</Trans>
      </Text>
    </Stack>
  );
}

/* ---------------------------------------------------------------- detail lines */

function OutingLines({ details }: { details: Record<string, unknown> }) {
  const { t } = useLingui();
  return (
    <DetailLine label={t`目的地`}>
      <span data-testid="detail-destination">{text(details.destination)}</span>
    </DetailLine>
  );
}

function ShiftLines({ details, options }: { details: Record<string, unknown>; options?: ApplicationOptions }) {
  const { t } = useLingui();
  const colleague = options?.colleagues.find((item) => item.id === details.counterpartId);
  const name = colleague?.name ?? text(details.counterpartName);
  return (
    <Stack gap="1">
      <DetailLine label={t`调班同事`}>{name || '—'}</DetailLine>
      <DetailLine label={t`对方时间`}>{showRange(text(details.swapStartsAt), text(details.swapEndsAt))}</DetailLine>
    </Stack>
  );
}

/**
 * The class and subject by name: from the reader's own options (the applicant's), else names the
 * server put in the details, else the subject dictionary (an auditor may not teach that class).
 */
function MakeupLines({ details, options }: { details: Record<string, unknown>; options?: ApplicationOptions }) {
  const { t, i18n } = useLingui();
  const klass = options?.classes.find((item) => item.id === details.classId);
  const subject = klass?.subjects.find((item) => item.code === details.subject);
  const subjects = useQuery({ ...dictQuery(SUBJECT_DICT), enabled: !subject && !details.subjectName });
  return (
    <Stack gap="1">
      <DetailLine label={t`班级`}>{klass?.name ?? (text(details.className) || '—')}</DetailLine>
      <DetailLine label={t`科目`}>{subject?.name ?? (text(details.subjectName) || dictLabel(subjects.data, text(details.subject), i18n.locale))}</DetailLine>
      <DetailLine label={t`缺课日期`}>{text(details.missedDate) || '—'}</DetailLine>
    </Stack>
  );
}

/* ---------------------------------------------------------------- definitions */

const common = { hasTimeRange: true, hasAttachments: false } as const;

export const STAFF_KIND_DEFINITIONS: KindDefinition[] = [
  { ...common, kind: 'staff_leave', label: msg`请假`, formTitle: msg`请假申请`, hasLeaveType: true, emptyDetails: () => ({}) },
  {
    ...common,
    kind: 'staff_outing',
    label: msg`外出`,
    formTitle: msg`外出申请`,
    hasLeaveType: false,
    Fields: OutingFields,
    DetailLines: OutingLines,
    validateDetails: validateOuting,
    emptyDetails: () => ({ destination: '' }),
  },
  { ...common, kind: 'staff_overtime', label: msg`加班`, formTitle: msg`加班申请`, hasLeaveType: false, emptyDetails: () => ({}) },
  {
    ...common,
    kind: 'staff_shift',
    label: msg`调班`,
    formTitle: msg`调班申请`,
    hasLeaveType: false,
    Fields: ShiftFields,
    DetailLines: ShiftLines,
    validateDetails: validateShift,
    emptyDetails: () => ({ counterpartId: '', swapStartsAt: '', swapEndsAt: '' }),
  },
  {
    ...common,
    kind: 'staff_makeup',
    label: msg`补课`,
    formTitle: msg`补课申请`,
    hasLeaveType: false,
    Fields: MakeupFields,
    DetailLines: MakeupLines,
    validateDetails: validateMakeup,
    emptyDetails: () => ({ classId: '', subject: '', missedDate: '' }),
  },
];

/** The label of a staff kind in the current language. */
export const staffKindLabel = (kind: string) => {
  const definition = STAFF_KIND_DEFINITIONS.find((item) => item.kind === kind);
  return definition ? i18n._(definition.label) : kind;
};
