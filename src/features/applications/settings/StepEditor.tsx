import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIT_STEP_KINDS, type AuditStep, type AuditStepKind, MAX_AUDIT_STEPS } from '../../../../contracts/application-rules';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { KNOWN_ROLES, ROLE_STEP_LABEL, STEP_KIND_LABELS } from './labels';

export interface RoleChoice {
  code: string;
  name: string;
}

/** A step in words: 班主任, 年级组长, 部门负责人, or the role's name. */
export function stepName(step: AuditStep, roles: readonly RoleChoice[]): string {
  if (step.kind === 'role') {
    // the known roles in the reader's language; others by the school's name for them
    const known = KNOWN_ROLES.find((role) => role.code === step.roleCode);
    return known ? i18n._(known.name) : (roles.find((role) => role.code === step.roleCode)?.name ?? step.roleCode ?? i18n._(ROLE_STEP_LABEL));
  }
  return i18n._(STEP_KIND_LABELS[step.kind]);
}

/** A chain in words: 班主任 → 年级组长. */
export const chainText = (steps: readonly AuditStep[], roles: readonly RoleChoice[]) => steps.map((step) => stepName(step, roles)).join(' → ');

export interface StepEditorProps {
  steps: AuditStep[];
  onChange: (steps: AuditStep[]) => void;
  roles: readonly RoleChoice[];
  error?: string;
  /** what 添加审核步骤 adds (a step that fits the flow's kind); default a department head */
  newStep?: AuditStep;
}

/** The audit chain of a flow: add (at most 5), remove, move up / down; a role step picks its role. */
export function StepEditor({ steps, onChange, roles, error, newStep = { kind: 'department_head' } }: StepEditorProps) {
  const { t } = useLingui();
  const replace = (index: number, step: AuditStep) => onChange(steps.map((item, i) => (i === index ? step : item)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const kindLabel = (kind: AuditStepKind) => (kind === 'role' ? t(ROLE_STEP_LABEL) : t(STEP_KIND_LABELS[kind]));

  return (
    <Stack gap="2" data-testid="step-editor">
      {steps.map((step, index) => (
        <HStack key={index} gap="2" wrap="wrap" data-testid="flow-step" borderWidth="1px" borderRadius="l2" p="2">
          <Text minW="6" fontWeight="semibold">
            {index + 1}
          </Text>
          <Box flex="1" minW="32">
            <ChoiceSelect
              minH="11"
              aria-label={t`第${index + 1}步审核人`}
              placeholder={false}
              value={step.kind}
              onChange={(value) => {
                const kind = value as AuditStepKind;
                replace(index, kind === 'role' ? { kind, roleCode: '' } : { kind });
              }}
              choices={AUDIT_STEP_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
            />
          </Box>
          {step.kind === 'role' && (
            <Box flex="1" minW="32">
              <ChoiceSelect
                minH="11"
                aria-label={t`第${index + 1}步角色`}
                placeholder={t`请选择角色`}
                value={step.roleCode ?? ''}
                onChange={(roleCode) => replace(index, { kind: 'role', roleCode })}
                choices={roles.map((role) => ({ value: role.code, label: role.name }))}
              />
            </Box>
          )}
          <HStack gap="1">
            <IconButton size="sm" variant="outline" minW="11" minH="11" aria-label={t`上移`} disabled={index === 0} onClick={() => move(index, -1)}>
              ↑
            </IconButton>
            <IconButton size="sm" variant="outline" minW="11" minH="11" aria-label={t`下移`} disabled={index === steps.length - 1} onClick={() => move(index, 1)}>
              ↓
            </IconButton>
            <Button size="sm" variant="outline" colorPalette="red" minH="11" onClick={() => onChange(steps.filter((_, i) => i !== index))}>
              <Trans>移除</Trans>
            </Button>
          </HStack>
        </HStack>
      ))}
      <HStack gap="3" wrap="wrap">
        <Button size="sm" variant="outline" minH="11" disabled={steps.length >= MAX_AUDIT_STEPS} onClick={() => onChange([...steps, { ...newStep }])}>
          <Trans>添加审核步骤</Trans>
        </Button>
        <Text fontSize="sm" color="fg.muted">
          <Trans>最多{MAX_AUDIT_STEPS}步，按顺序依次审核</Trans>
        </Text>
      </HStack>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="steps-error">
          {error}
        </Text>
      )}
    </Stack>
  );
}
