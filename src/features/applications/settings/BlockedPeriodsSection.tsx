import { Badge, Button, Field, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { APPLICATION_KINDS } from '../../../../contracts/application-rules';
import type { BlockedPeriodRow } from '../../../../contracts/applications';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../../components/confirmed-delete';
import { CheckboxGroup } from '../../../components/form/CheckboxGroup';
import { FormShell } from '../../../components/FormShell';
import { Permission, useGrants } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { ListTable } from '../../../components/table/ListTable';
import { post } from '../../../lib/http';
import { isoOfLocal, localOfIso, showRange } from '../time';
import { APPLICATION_OPTIONS_KEY, blockedPeriodsQuery, saveBlockedPeriod, SETTINGS_URLS, settingsKeys } from './api';
import { SETTINGS_ADD, SETTINGS_DELETE, SETTINGS_EDIT } from '../../../../contracts/application-settings-constants';
import { KIND_LABELS } from '../dashboard/kind-labels';
import { type PeriodDraft, periodErrors, type PeriodErrors } from './rules';
import { useDraftEditor } from './use-draft-editor';

const rowKey = (row: BlockedPeriodRow) => row.id;
const rowProps = () => ({ 'data-testid': 'period-row' });

export interface PeriodFormProps {
  draft: PeriodDraft;
  onChange: (draft: PeriodDraft) => void;
  errors: PeriodErrors;
}

/** A non-selectable period: name (≤ 30), start < end (school time), the kinds it blocks. */
export function PeriodForm({ draft, onChange, errors }: PeriodFormProps) {
  const { t } = useLingui();
  const set = (patch: Partial<PeriodDraft>) => onChange({ ...draft, ...patch });
  const kindOptions = APPLICATION_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }));
  return (
    <Stack gap="4" data-testid="period-form">
      <Field.Root invalid={Boolean(errors.name)} required>
        <Field.Label>
          <Trans>名称</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <Input minH="11" data-testid="period-name" value={draft.name} onChange={(event) => set({ name: event.target.value })} />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.startsAt)} required>
          <Field.Label>
            <Trans>开始时间</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="datetime-local" minH="11" data-testid="period-start" value={draft.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />
          {errors.startsAt && <Field.ErrorText>{errors.startsAt}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.endsAt)} required>
          <Field.Label>
            <Trans>结束时间</Trans>
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="datetime-local" minH="11" data-testid="period-end" value={draft.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />
          {errors.endsAt && <Field.ErrorText>{errors.endsAt}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
      <Field.Root invalid={Boolean(errors.kinds)} required>
        <Field.Label>
          <Trans>适用的申请类型</Trans>
          <Field.RequiredIndicator />
        </Field.Label>
        <CheckboxGroup name="period-kinds" options={kindOptions} value={draft.kinds} onChange={(kinds) => set({ kinds: kinds as PeriodDraft['kinds'] })} />
        {errors.kinds && <Field.ErrorText>{errors.kinds}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}

/** 不可选时段: periods no application of the chosen kinds may contain; add, edit, delete by permission. */
export function BlockedPeriodsSection() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const grants = useGrants();
  const periods = useQuery(blockedPeriodsQuery());
  // the apply forms' options carry the periods too (their as-typed check): refresh both
  const refresh = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: settingsKeys.blockedPeriods }), queryClient.invalidateQueries({ queryKey: APPLICATION_OPTIONS_KEY })]),
    [queryClient],
  );
  const canEdit = grants.permissions.includes(SETTINGS_EDIT);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<BlockedPeriodRow>({ remove: (row) => post(SETTINGS_URLS.blockedPeriodDelete, { id: row.id, version: row.version }), onSettled: refresh });
  const canDelete = grants.permissions.includes(SETTINGS_DELETE);
  const { editing, open, close, setDraft, save } = useDraftEditor<BlockedPeriodRow, PeriodDraft>({
    errorsOf: periodErrors,
    submit: (draft, row) =>
      saveBlockedPeriod({
        ...(row ? { id: row.id, version: row.version } : {}),
        name: draft.name.trim(),
        startsAt: isoOfLocal(draft.startsAt),
        endsAt: isoOfLocal(draft.endsAt),
        kinds: draft.kinds,
      }),
    onSaved: refresh,
  });

  const columns = useMemo(
    (): DataTableColumn<BlockedPeriodRow>[] => [
      { key: 'name', title: t`名称`, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
      { key: 'range', title: t`时间段`, render: (row) => showRange(row.startsAt, row.endsAt) },
      {
        key: 'kinds',
        title: t`适用的申请类型`,
        hideBelow: 'md',
        render: (row) => (
          <HStack gap="1" wrap="wrap">
            {row.kinds.map((kind) => (
              <Badge key={kind} variant="outline">
                {t(KIND_LABELS[kind])}
              </Badge>
            ))}
          </HStack>
        ),
      },
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
                onClick={() => open({ name: row.name, startsAt: localOfIso(row.startsAt), endsAt: localOfIso(row.endsAt), kinds: [...row.kinds] }, row)}
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
    ],
    [t, canEdit, canDelete, askDelete, open],
  );

  const errors: PeriodErrors = editing?.tried ? periodErrors(editing.draft) : {};
  return (
    <>
      <Flex gap="3" align="center" wrap="wrap">
        <Text flex="1" minW="48" color="fg.muted" fontSize="sm">
          <Trans>申请的时间段不能包含不可选时段。</Trans>
        </Text>
        <Permission anyOf={[SETTINGS_ADD]}>
          <Button colorPalette="brand" minH="11" data-testid="period-add" onClick={() => open({ name: '', startsAt: '', endsAt: '', kinds: [] })}>
            <Trans>新增不可选时段</Trans>
          </Button>
        </Permission>
      </Flex>
      {periods.isError ? (
        <RequestError error={periods.error} />
      ) : (
        <ListTable
          data-testid="periods"
          columns={columns}
          rows={periods.data ?? []}
          loading={periods.isPending}
          rowKey={rowKey}
          rowProps={rowProps}
        />
      )}
      {editing && (
        <FormShell key={editing.key} open size="lg" title={editing.row ? t`编辑不可选时段` : t`新增不可选时段`} onSave={save} onCancel={close}>
          <PeriodForm draft={editing.draft} onChange={setDraft} errors={errors} />
        </FormShell>
      )}
      <ConfirmDelete {...deleteDialog} title={t`提示`} />
    </>
  );
}
