import { chakra, Field, Input, Stack, Text } from '@chakra-ui/react';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ApplicationOptions } from '../../../../contracts/applications';
import { NumberInput } from '../../../components/form/NumberInput';
import { DetailLines } from '../DetailLine';
import type { KindDefinition, KindFieldsProps } from './types';

/**
 * The five student kinds (SPEC §1 'Student affairs'): leave, travel, day-student, enrolment proof,
 * score proof. Their own fields follow contracts/applications.ts applicationDetailsByKind; the checks
 * as typed say what the server's rules would refuse.
 */
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const PHONE = /^1\d{10}$/;

function TextField(props: {
  name: string;
  label: ReactNode;
  required?: boolean;
  max: number;
  details: Record<string, unknown>;
  onDetailsChange: (next: Record<string, unknown>) => void;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
  inputMode?: 'tel' | 'text';
}) {
  const { t: tr } = useLingui();
  const error = props.errors[props.name];
  return (
    <Field.Root required={props.required} invalid={Boolean(error)}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input
        minH="11"
        name={props.name}
        value={str(props.details[props.name])}
        maxLength={props.max}
        inputMode={props.inputMode}
        placeholder={tr`请输入`}
        disabled={props.disabled}
        onChange={(event) => props.onDetailsChange({ ...props.details, [props.name]: event.currentTarget.value })}
      />
      {error && <Field.ErrorText data-testid={`field-error-${props.name}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function CopiesField({ details, onDetailsChange, errors, disabled }: KindFieldsProps) {
  return (
    <Field.Root invalid={Boolean(errors.copies)}>
      <Field.Label>
        <Trans>份数</Trans>
      </Field.Label>
      <NumberInput
        value={typeof details.copies === 'number' ? details.copies : null}
        min={1}
        max={5}
        step={1}
        disabled={disabled}
        onChange={(value: number | null) => onDetailsChange({ ...details, copies: value ?? 1 })}
      />
      {errors.copies && <Field.ErrorText>{errors.copies}</Field.ErrorText>}
    </Field.Root>
  );
}

function TravelFields(props: KindFieldsProps) {
  return (
    <Stack gap="4">
      <TextField {...props} name="destination" label={<Trans>目的地</Trans>} required max={100} />
      <TextField {...props} name="transport" label={<Trans>交通方式</Trans>} max={30} />
      <TextField {...props} name="companion" label={<Trans>同行人</Trans>} max={30} />
    </Stack>
  );
}

function DayStudentFields(props: KindFieldsProps) {
  return (
    <Stack gap="4">
      <TextField {...props} name="address" label={<Trans>家庭住址</Trans>} required max={100} />
      <TextField {...props} name="guardian" label={<Trans>接送监护人</Trans>} required max={30} />
      <TextField {...props} name="guardianPhone" label={<Trans>监护人电话</Trans>} required max={11} inputMode="tel" />
    </Stack>
  );
}

function EnrolmentProofFields(props: KindFieldsProps) {
  return (
    <Stack gap="4">
      <TextField {...props} name="purpose" label={<Trans>证明用途</Trans>} required max={100} />
      <CopiesField {...props} />
    </Stack>
  );
}

export const batchesOf = (options: ApplicationOptions | undefined, studentId: string | undefined) =>
  (options?.batches ?? []).filter((batch) => !studentId || batch.studentId === studentId);

function ScoreProofFields(props: KindFieldsProps) {
  const { details, onDetailsChange, errors, options, applicantId, disabled } = props;
  const chosen = Array.isArray(details.batchIds) ? (details.batchIds as string[]) : [];
  const batches = batchesOf(options, applicantId);
  return (
    <Stack gap="4">
      <TextField {...props} name="purpose" label={<Trans>证明用途</Trans>} required max={100} />
      <Field.Root required invalid={Boolean(errors.batchIds)}>
        <Field.Label>
          <Trans>考试批次</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        {batches.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>暂无已发布成绩的考试</Trans>
          </Text>
        ) : (
          <Stack gap="2" data-testid="proof-batches">
            {batches.map((batch) => (
              <chakra.label key={batch.id} display="flex" alignItems="center" gap="2" minH="10" fontSize="sm">
                <chakra.input
                  type="checkbox"
                  boxSize="5"
                  accentColor="var(--chakra-colors-brand-solid)"
                  disabled={disabled}
                  checked={chosen.includes(batch.id)}
                  onChange={(event) =>
                    onDetailsChange({ ...details, batchIds: event.currentTarget.checked ? [...chosen, batch.id] : chosen.filter((id) => id !== batch.id) })
                  }
                />
                {batch.name}
              </chakra.label>
            ))}
          </Stack>
        )}
        {errors.batchIds && <Field.ErrorText>{errors.batchIds}</Field.ErrorText>}
      </Field.Root>
      <CopiesField {...props} />
    </Stack>
  );
}

const required = (details: Record<string, unknown>, name: string, message: string, errors: Record<string, string>) => {
  if (!str(details[name]).trim()) errors[name] = message;
};
const tooLong = (details: Record<string, unknown>, name: string, max: number, errors: Record<string, string>) => {
  if (!errors[name] && str(details[name]).trim().length > max) errors[name] = t`不能超过${max}个字符`;
};
const copiesRule = (details: Record<string, unknown>, errors: Record<string, string>) => {
  const copies = details.copies ?? 1;
  if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1 || copies > 5) errors.copies = t`份数应为1至5`;
};

const countText = (count: number) => t`${count} 个`;

export const STUDENT_KIND_DEFINITIONS: KindDefinition[] = [
  {
    kind: 'student_leave',
    label: msg`请假`,
    formTitle: msg`请假申请`,
    hasLeaveType: true,
    hasTimeRange: true,
    hasAttachments: true,
    emptyDetails: () => ({}),
  },
  {
    kind: 'travel',
    label: msg`出行申请`,
    formTitle: msg({ message: '出行申请', context: 'form title' }),
    hasLeaveType: false,
    hasTimeRange: true,
    hasAttachments: false,
    Fields: TravelFields,
    DetailLines: ({ details }) => (
      <DetailLines
        entries={[
          [msg`目的地`, str(details.destination)],
          [msg`交通方式`, str(details.transport)],
          [msg`同行人`, str(details.companion)],
        ]}
      />
    ),
    validateDetails(details) {
      const errors: Record<string, string> = {};
      required(details, 'destination', t`请输入目的地`, errors);
      tooLong(details, 'destination', 100, errors);
      tooLong(details, 'transport', 30, errors);
      tooLong(details, 'companion', 30, errors);
      return errors;
    },
    emptyDetails: () => ({ destination: '', transport: '', companion: '' }),
  },
  {
    kind: 'day_student',
    label: msg`走读申请`,
    formTitle: msg({ message: '走读申请', context: 'form title' }),
    hasLeaveType: false,
    hasTimeRange: true,
    hasAttachments: false,
    Fields: DayStudentFields,
    DetailLines: ({ details }) => (
      <DetailLines
        entries={[
          [msg`家庭住址`, str(details.address)],
          [msg`接送监护人`, str(details.guardian)],
          [msg`监护人电话`, str(details.guardianPhone)],
        ]}
      />
    ),
    validateDetails(details) {
      const errors: Record<string, string> = {};
      required(details, 'address', t`请输入家庭住址`, errors);
      tooLong(details, 'address', 100, errors);
      required(details, 'guardian', t`请输入接送监护人`, errors);
      tooLong(details, 'guardian', 30, errors);
      const phone = str(details.guardianPhone).trim();
      if (!phone) errors.guardianPhone = t`请输入监护人电话`;
      else if (!PHONE.test(phone)) errors.guardianPhone = t`请输入正确的手机号码`;
      return errors;
    },
    emptyDetails: () => ({ address: '', guardian: '', guardianPhone: '' }),
  },
  {
    kind: 'enrolment_proof',
    label: msg`在读证明`,
    formTitle: msg`在读证明申请`,
    hasLeaveType: false,
    hasTimeRange: false,
    hasAttachments: false,
    Fields: EnrolmentProofFields,
    DetailLines: ({ details }) => (
      <DetailLines
        entries={[
          [msg`证明用途`, str(details.purpose)],
          [msg`份数`, String(details.copies ?? 1)],
        ]}
      />
    ),
    validateDetails(details) {
      const errors: Record<string, string> = {};
      required(details, 'purpose', t`请输入证明用途`, errors);
      tooLong(details, 'purpose', 100, errors);
      copiesRule(details, errors);
      return errors;
    },
    emptyDetails: () => ({ purpose: '', copies: 1 }),
  },
  {
    kind: 'score_proof',
    label: msg`成绩证明`,
    formTitle: msg`成绩证明申请`,
    hasLeaveType: false,
    hasTimeRange: false,
    hasAttachments: false,
    Fields: ScoreProofFields,
    DetailLines: ({ details, options }) => {
      const ids = Array.isArray(details.batchIds) ? (details.batchIds as string[]) : [];
      const names = ids.map((id) => options?.batches.find((batch) => batch.id === id)?.name ?? '').filter(Boolean);
      return (
        <DetailLines
          entries={[
            [msg`证明用途`, str(details.purpose)],
            [msg`考试批次`, names.length ? names.join('、') : countText(ids.length)],
            [msg`份数`, String(details.copies ?? 1)],
          ]}
        />
      );
    },
    validateDetails(details) {
      const errors: Record<string, string> = {};
      required(details, 'purpose', t`请输入证明用途`, errors);
      tooLong(details, 'purpose', 100, errors);
      const ids = Array.isArray(details.batchIds) ? details.batchIds : [];
      if (ids.length === 0) errors.batchIds = t`请选择考试批次`;
      else if (ids.length > 10) errors.batchIds = t`最多选择10个考试批次`;
      copiesRule(details, errors);
      return errors;
    },
    emptyDetails: () => ({ purpose: '', batchIds: [], copies: 1 }),
  },
];
