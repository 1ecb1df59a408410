import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { LEAVE_TYPE_DICTS } from '../../../../contracts/application-rules';
import type { AuditFlowRow } from '../../../../contracts/applications';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { FormShell } from '../../../components/FormShell';
import { Permission, useGrants } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { ListTable } from '../../../components/table/ListTable';
import { post } from '../../../lib/http';
import { dictLabel, dictQuery } from '../../../lib/dicts';
import { flowsQuery, rolesQuery, saveFlow, SETTINGS_URLS, settingsKeys } from './api';
import { SETTINGS_ADD, SETTINGS_DELETE, SETTINGS_EDIT } from '../../../../contracts/application-settings-constants';
import { FlowForm } from './FlowForm';
import { KIND_LABELS } from '../dashboard/kind-labels';
import { KNOWN_ROLES } from './labels';
import { type FlowDraft, flowErrors, type FlowErrors, stepKindErrors } from './rules';
import { chainText, type RoleChoice } from './StepEditor';
import { useDraftEditor } from './use-draft-editor';

const rowKey = (row: AuditFlowRow) => row.id;
const rowProps = () => ({ 'data-testid': 'flow-row' });
const EMPTY: FlowDraft = { kind: '', leaveType: '', minDays: '0', deadlineDays: '7', steps: [] };

/** The roles a role step may name: the school's roles, else 教务处 and the administrator. */
export function useRoleChoices(): RoleChoice[] {
  const { t } = useLingui();
  const roles = useQuery(rolesQuery());
  return useMemo(() => (roles.data?.length ? roles.data : KNOWN_ROLES.map((role) => ({ code: role.code, name: t(role.name) }))), [roles.data, t]);
}

/** 审批流程: the school's audit flows; add, edit, delete by permission. */
export function FlowsSection() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const grants = useGrants();
  const flows = useQuery(flowsQuery());
  const roles = useRoleChoices();
  const studentTypes = useQuery(dictQuery(LEAVE_TYPE_DICTS.student_leave!)).data;
  const staffTypes = useQuery(dictQuery(LEAVE_TYPE_DICTS.staff_leave!)).data;
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: settingsKeys.flows }), [queryClient]);
  const canEdit = grants.permissions.includes(SETTINGS_EDIT);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<AuditFlowRow>({ remove: (row) => post(SETTINGS_URLS.flowDelete, { id: row.id, version: row.version }), onSettled: refresh });
  const canDelete = grants.permissions.includes(SETTINGS_DELETE);
  const { editing, open, close, setDraft, save } = useDraftEditor<AuditFlowRow, FlowDraft>({
    errorsOf: flowErrors,
    submit: (draft, row) =>
      saveFlow({
        ...(row ? { id: row.id, version: row.version } : {}),
        kind: draft.kind,
        leaveType: LEAVE_TYPE_DICTS[draft.kind as keyof typeof LEAVE_TYPE_DICTS] ? draft.leaveType : '',
        minDays: Number(draft.minDays),
        deadlineDays: Number(draft.deadlineDays),
        steps: draft.steps.map((step) => (step.kind === 'role' ? { kind: 'role', roleCode: step.roleCode } : { kind: step.kind })),
      }),
    onSaved: refresh,
  });

  const columns = useMemo((): DataTableColumn<AuditFlowRow>[] => {
    const typeName = (row: AuditFlowRow) => {
      const dict = LEAVE_TYPE_DICTS[row.kind];
      if (!dict) return '—';
      if (!row.leaveType) return t`全部类型`;
      return dictLabel(row.kind === 'student_leave' ? studentTypes : staffTypes, row.leaveType, i18n.locale);
    };
    return [
      { key: 'kind', title: t`申请类型`, nowrap: true, render: (row) => t(KIND_LABELS[row.kind]) },
      { key: 'leaveType', title: t`请假类型`, nowrap: true, hideBelow: 'sm', render: typeName },
      { key: 'minDays', title: t`最少天数`, align: 'end', nowrap: true, hideBelow: 'sm' },
      { key: 'steps', title: t`审核步骤`, render: (row) => <Text data-testid="flow-chain">{chainText(row.steps, roles)}</Text> },
      { key: 'deadlineDays', title: t`审核期限（天）`, align: 'end', nowrap: true, hideBelow: 'md' },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <HStack gap="1">
            {canEdit && (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  open({ kind: row.kind, leaveType: row.leaveType, minDays: String(row.minDays), deadlineDays: String(row.deadlineDays), steps: row.steps.map((step) => ({ ...step })) }, row)
                }
              >
                {t`编辑`}
              </Button>
            )}
            {canDelete && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => askDelete(row)}>
                <Trans>删除</Trans>
              </Button>
            )}
          </HStack>
        ),
      },
    ];
  }, [t, i18n.locale, roles, studentTypes, staffTypes, canEdit, canDelete, askDelete, open]);

  // a step that does not fit the kind is flagged as soon as it is chosen; the rest after the first save
  const errors: FlowErrors = editing ? (editing.tried ? flowErrors(editing.draft) : stepKindErrors(editing.draft)) : {};

  return (
    <>
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" minW="48" color="fg.muted" fontSize="sm">
          <Trans>未设置流程的类型使用默认流程</Trans>
        </Text>
        <Permission anyOf={[SETTINGS_ADD]}>
          <Button colorPalette="brand" minH="11" data-testid="flow-add" onClick={() => open({ ...EMPTY, steps: [] })}>
            <Trans>新增流程</Trans>
          </Button>
        </Permission>
      </Flex>
      {flows.isError ? (
        <RequestError error={flows.error} />
      ) : (
        <ListTable
          data-testid="flows"
          columns={columns}
          rows={flows.data ?? []}
          loading={flows.isPending}
          rowKey={rowKey}
          rowProps={rowProps}
        />
      )}
      {editing && (
        <FormShell key={editing.key} open size="lg" title={editing.row ? t`编辑审批流程` : t`新增审批流程`} onSave={save} onCancel={close}>
          <FlowForm draft={editing.draft} onChange={setDraft} errors={errors} roles={roles} editing={Boolean(editing.row)} />
        </FormShell>
      )}
      <ConfirmDelete {...deleteDialog} title={t`提示`} />
    </>
  );
}
