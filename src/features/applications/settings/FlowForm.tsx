import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { APPLICATION_KINDS, type ApplicationKind, DEFAULT_FLOWS, LEAVE_TYPE_DICTS } from '../../../../contracts/application-rules';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { dictItemName, dictQuery } from '../../../lib/dicts';
import { KIND_LABELS } from '../dashboard/kind-labels';
import { DEADLINE_DAYS_MAX, firstFittingStep, type FlowDraft, type FlowErrors, MIN_DAYS_MAX } from './rules';
import { StepEditor, type RoleChoice } from './StepEditor';

export interface FlowFormProps {
  draft: FlowDraft;
  onChange: (draft: FlowDraft) => void;
  /** shown after the first save attempt */
  errors: FlowErrors;
  roles: readonly RoleChoice[];
  /** kinds offered (an edited flow keeps its kind) */
  editing: boolean;
}

function LeaveTypeSelect({ typeCode, value, onChange }: { typeCode: string; value: string; onChange: (value: string) => void }) {
  const { t, i18n } = useLingui();
  const items = useQuery(dictQuery(typeCode));
  return (
    <ChoiceSelect
      minH="11"
      testId="flow-leave-type"
      value={value}
      onChange={onChange}
      placeholder={t`全部类型`}
      choices={(items.data ?? []).map((item) => ({ value: item.code, label: dictItemName(item, i18n.locale) }))}
    />
  );
}

/** An audit flow: kind, leave type (leave kinds; blank = any), from how many days, chain, deadline. */
export function FlowForm({ draft, onChange, errors, roles, editing }: FlowFormProps) {
  const { t } = useLingui();
  const typeCode = draft.kind ? LEAVE_TYPE_DICTS[draft.kind] : undefined;
  const set = (patch: Partial<FlowDraft>) => onChange({ ...draft, ...patch });

  return (
    <Stack gap="4" data-testid="flow-form">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.kind)} required>
          <Field.Label>
            <Trans>申请类型</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <ChoiceSelect
            minH="11"
            testId="flow-kind"
            disabled={editing}
            value={draft.kind}
            onChange={(value) => {
              const kind = value as ApplicationKind | '';
              // a new flow starts from the kind's default chain, again whenever its kind changes (the
              // previous kind's steps may not fit: a department head for a student kind)
              set({ kind, leaveType: '', steps: kind ? DEFAULT_FLOWS[kind].map((step) => ({ ...step })) : [] });
            }}
            choices={APPLICATION_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
          />
          {errors.kind && <Field.ErrorText>{errors.kind}</Field.ErrorText>}
        </Field.Root>
        {typeCode && (
          <Field.Root>
            <Field.Label>
              <Trans>请假类型</Trans>
            </Field.Label>
            <LeaveTypeSelect typeCode={typeCode} value={draft.leaveType} onChange={(leaveType) => set({ leaveType })} />
          </Field.Root>
        )}
        <Field.Root invalid={Boolean(errors.minDays)} required>
          <Field.Label>
            <Trans>最少天数</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input minH="11" inputMode="numeric" data-testid="flow-min-days" value={draft.minDays} onChange={(event) => set({ minDays: event.target.value })} />
          {errors.minDays ? (
            <Field.ErrorText>{errors.minDays}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              <Trans>申请天数不少于此值时使用该流程（0-{MIN_DAYS_MAX}）</Trans>
            </Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.deadlineDays)} required>
          <Field.Label>
            <Trans>审核期限天数</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input minH="11" inputMode="numeric" data-testid="flow-deadline-days" value={draft.deadlineDays} onChange={(event) => set({ deadlineDays: event.target.value })} />
          {errors.deadlineDays ? (
            <Field.ErrorText>{errors.deadlineDays}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              <Trans>结束时间之后超过该天数的记录仅可查看（0-{DEADLINE_DAYS_MAX}）</Trans>
            </Field.HelperText>
          )}
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.steps)}>
        <Field.Label>
          <Trans>审核步骤</Trans>
        </Field.Label>
        <StepEditor steps={draft.steps} onChange={(steps) => set({ steps })} roles={roles} error={errors.steps} newStep={firstFittingStep(draft.kind)} />
      </Field.Root>
    </Stack>
  );
}
