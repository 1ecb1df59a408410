import { Badge, Button, Field, Flex, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ScoreSystemRow } from '../../../contracts/exams';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../components/confirmed-delete';
import { FormShell } from '../../components/FormShell';
import { Permission, useGrants } from '../../components/Permission';
import { RequestError } from '../../components/RequestError';
import { SemesterSelect } from '../../components/SemesterSelect';
import type { DataTableColumn } from '../../components/table/DataTable';
import { ListTable } from '../../components/table/ListTable';
import { tableKeys } from '../../components/table/table-query';
import { HttpError, post } from '../../lib/http';
import { formatList } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { EXAMS_LIST_URL, examKeys, examOptionsQuery, SCORE_SYSTEMS_DELETE_URL, saveScoreSystem, scoreSystemsQuery, semesterBatchesQuery } from './api';
import { SCORE_SYSTEMS_ADD_PERMISSION, SCORE_SYSTEMS_DELETE_PERMISSION, SCORE_SYSTEMS_EDIT_PERMISSION } from '../../../contracts/exam-rules';
import { ScoreSystemForm, type ScoreSystemFormValues } from './ScoreSystemForm';
import type { ScoreSystemSearchParams } from './search';

export interface ScoreSystemsScreenProps {
  search: ScoreSystemSearchParams;
  onSearchChange: (next: ScoreSystemSearchParams) => void;
}

const FORM_ID = 'score-system-form';
const rowKey = (row: ScoreSystemRow) => row.id;
const rowProps = () => ({ 'data-testid': 'score-system-row' });

/**
 * /jxgl/cjtx 成绩体系: the score systems of one exam batch (semester → batch), each with its grade
 * bands; add, edit (bands edited in the form), delete (refused while it has bands).
 */
export function ScoreSystemsScreen({ search, onSearchChange }: ScoreSystemsScreenProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const grants = useGrants();
  const options = useQuery(examOptionsQuery());
  const semesterId = search.semesterId ?? options.data?.semesters.find((s) => s.isCurrent)?.id ?? '';
  const batches = useQuery({ ...semesterBatchesQuery(semesterId), enabled: Boolean(options.data) });
  const batch = batches.data?.find((row) => row.id === search.batchId);
  const systems = useQuery({ ...scoreSystemsQuery(search.batchId ?? ''), enabled: Boolean(batch) });
  const [editing, setEditing] = useState<{ system?: ScoreSystemRow; key: number } | null>(null);
  const subjectNames = useMemo(() => new Map((options.data?.subjects ?? []).map((s) => [s.code, localName(s.name, s.nameEn)])), [options.data, localName]);

  // the first batch of the semester when none is chosen
  const firstBatchId = batches.data?.[0]?.id;
  useEffect(() => {
    if (!search.batchId && firstBatchId) onSearchChange({ semesterId: search.semesterId, batchId: firstBatchId });
  }, [search.batchId, search.semesterId, firstBatchId, onSearchChange]);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: examKeys.all }),
      queryClient.invalidateQueries({ queryKey: tableKeys.url(EXAMS_LIST_URL) }),
    ]);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<ScoreSystemRow>({ remove: (row) => post(SCORE_SYSTEMS_DELETE_URL, { id: row.id }), onSettled: refresh });

  const save = async (values: ScoreSystemFormValues) => {
    if (!batch) return;
    const system = editing?.system;
    try {
      await saveScoreSystem({ ...values, batchId: batch.id, ...(system ? { id: system.id, version: system.version } : {}) });
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`保存失败`);
      throw error;
    }
    notify.success(t`保存成功`);
    setEditing(null);
    await refresh();
  };

  const may = (code: string) => grants.permissions.includes(code);
  const columns = useMemo((): DataTableColumn<ScoreSystemRow>[] => {
    const gradeName = (id: string) => {
      const index = batch?.gradeIds.indexOf(id) ?? -1;
      return (batch && index >= 0 && localName(batch.gradeNames[index], batch.gradeNamesEn[index])) || id;
    };
    return [
      { key: 'name', title: t`体系名称`, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
      { key: 'grades', title: t`适用年级`, render: (row) => (row.gradeIds.length ? formatList(row.gradeIds.map(gradeName)) : t`全部年级`) },
      { key: 'subjects', title: t`适用科目`, render: (row) => (row.subjects.length ? formatList(row.subjects.map((code) => subjectNames.get(code) ?? code)) : t`全部科目`) },
      { key: 'fullMark', title: t`满分`, align: 'end', nowrap: true },
      { key: 'excellentLine', title: t`优秀线`, align: 'end', nowrap: true, hideBelow: 'sm' },
      { key: 'passLine', title: t`及格线`, align: 'end', nowrap: true, hideBelow: 'sm' },
      { key: 'ratio', title: t`折算比例`, align: 'end', nowrap: true, hideBelow: 'md' },
      {
        key: 'bands',
        title: t`等级`,
        hideBelow: 'md',
        render: (row) => (
          <HStack gap="1" wrap="wrap">
            {row.bands.map((band) => (
              <Badge key={band.id} variant="outline" title={t`换算分 ${band.conversionScore}`}>
                {localName(band.name, band.nameEn)} {band.minScore}-{band.maxScore}
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
            {may(SCORE_SYSTEMS_EDIT_PERMISSION) && (
              <Button size="sm" variant="outline" onClick={() => setEditing({ system: row, key: Date.now() })}>
                {t`编辑`}
              </Button>
            )}
            {may(SCORE_SYSTEMS_DELETE_PERMISSION) && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => askDelete(row)}>
                {t`删除`}
              </Button>
            )}
          </HStack>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `may` reads grants
  }, [t, localName, batch, subjectNames, grants]);

  if (options.isError) return <RequestError error={options.error} />;

  return (
    <Stack gap="4">
      <Flex gap="3" align="end" wrap="wrap">
        <Heading as="h1" size="lg" flex="1" minW="40">
          <Trans>成绩体系</Trans>
        </Heading>
        <SemesterSelect semesters={options.data?.semesters ?? []} value={semesterId} onChange={(id) => onSearchChange({ semesterId: id })} />
        <Field.Root width={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">
            <Trans>考试批次</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              minH="11"
              aria-label={t`考试批次`}
              value={search.batchId ?? ''}
              onChange={(event) => onSearchChange({ semesterId: search.semesterId, batchId: event.currentTarget.value || undefined })}
            >
              <option value="">{t`请选择`}</option>
              {(batches.data ?? []).map((row) => (
                <option key={row.id} value={row.id}>
                  {row.published ? row.name : t`${row.name}（未发布）`}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Permission anyOf={[SCORE_SYSTEMS_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" disabled={!batch} onClick={() => setEditing({ key: Date.now() })}>
            <Trans>新增成绩体系</Trans>
          </Button>
        </Permission>
      </Flex>

      {batch?.published && (
        <Text data-testid="score-systems-locked" color="orange.fg" fontSize="sm">
          {t`该考试批次已发布，成绩体系不能修改；如需修改，请先取消发布`}
        </Text>
      )}

      {batches.isError ? (
        <RequestError error={batches.error} />
      ) : systems.isError ? (
        <RequestError error={systems.error} />
      ) : (
        <ListTable
          data-testid="score-systems"
          columns={columns}
          rows={systems.data ?? []}
          loading={Boolean(batch) && systems.isPending}
          rowKey={rowKey}
          rowProps={rowProps}
          emptyText={batch ? undefined : t`请选择考试批次`}
        />
      )}

      {batch && editing && (
        <FormShell key={editing.key} open size="xl" title={editing.system ? t`编辑成绩体系` : t`新增成绩体系`} formId={FORM_ID} onCancel={() => setEditing(null)}>
          <ScoreSystemForm id={FORM_ID} batch={batch} subjectNames={subjectNames} system={editing.system} onSubmit={save} />
        </FormShell>
      )}
      <ConfirmDelete {...deleteDialog} title={t`删除成绩体系`} />
    </Stack>
  );
}
