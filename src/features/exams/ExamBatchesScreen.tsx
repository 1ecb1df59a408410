import { Badge, Button, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { ExamBatchRow } from '../../../contracts/exams';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useConfirmedDelete } from '../../components/confirmed-delete';
import { FormShell } from '../../components/FormShell';
import { Permission, useGrants } from '../../components/Permission';
import { RequestError } from '../../components/RequestError';
import { SearchHeader } from '../../components/SearchHeader';
import { SemesterSelect } from '../../components/SemesterSelect';
import { DataTable, type DataTableColumn } from '../../components/table/DataTable';
import { useSearchDraft } from '../../components/table/list-state';
import { tableKeys, useTableQuery } from '../../components/table/table-query';
import { HttpError, post } from '../../lib/http';
import { formatList } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { EXAMS_DELETE_URL, EXAMS_LIST_URL, examKeys, examOptionsQuery, publishBatch, saveBatch } from './api';
import {
  EXAMS_ADD_PERMISSION,
  EXAMS_DELETE_PERMISSION,
  EXAMS_EDIT_PERMISSION,
  EXAMS_PUBLISH_PERMISSION,
  SCORE_SYSTEMS_PERMISSION,
} from '../../../contracts/exam-rules';
import { ExamBatchForm, type ExamBatchFormValues } from './ExamBatchForm';
import type { ExamBatchSearchParams } from './search';
import { compactSearch, urlPaging } from '../../lib/search-params';

export interface ExamBatchesScreenProps {
  search: ExamBatchSearchParams;
  onSearchChange: (next: ExamBatchSearchParams) => void;
}

const FORM_ID = 'exam-batch-form';
const rowKey = (row: ExamBatchRow) => row.id;
const rowProps = (row: ExamBatchRow) => ({ 'data-testid': 'exam-batch-row', 'data-published': row.published ? '1' : '0' });
const compact = (search: ExamBatchSearchParams): ExamBatchSearchParams => compactSearch(search);

/** A save's refusal: the server's message as a toast; the form stays open with what was typed. */
const failed = (error: unknown, fallback: string): never => {
  notify.error(error instanceof HttpError ? error.msg : fallback);
  throw error;
};

/**
 * /jxgl/kspc 考试批次: the batches of a semester (the current one by default), searchable by name and
 * published flag; add, edit, delete, publish / unpublish (unpublished in italics, SPEC §4).
 */
export function ExamBatchesScreen({ search, onSearchChange }: ExamBatchesScreenProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const grants = useGrants();
  const options = useQuery(examOptionsQuery());
  const currentSemesterId = options.data?.semesters.find((s) => s.isCurrent)?.id ?? '';
  const semesterId = search.semesterId ?? currentSemesterId;
  const page = search.page ?? 0;
  const size = search.size ?? 10;
  const filters = { semesterId: search.semesterId ?? '', name: search.name ?? '', published: search.published ?? '' };
  const table = useTableQuery<ExamBatchRow>({ url: EXAMS_LIST_URL, kind: 'A', filters, page, size });

  const [draft, setDraft] = useSearchDraft({ semesterId: search.semesterId ?? '', name: search.name ?? '', published: search.published ?? '' });
  const [editing, setEditing] = useState<{ batch?: ExamBatchRow; key: number } | null>(null);
  const [publishing, setPublishing] = useState<string | null>(null);
  const subjectNames = useMemo(() => new Map((options.data?.subjects ?? []).map((s) => [s.code, localName(s.name, s.nameEn)])), [options.data, localName]);

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: tableKeys.url(EXAMS_LIST_URL) }), queryClient.invalidateQueries({ queryKey: examKeys.all })]);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<ExamBatchRow>({ remove: (row) => post(EXAMS_DELETE_URL, { id: row.id }), onSettled: refresh });

  const save = async (values: ExamBatchFormValues) => {
    const batch = editing?.batch;
    try {
      await saveBatch(batch ? { ...values, id: batch.id, version: batch.version } : values);
    } catch (error) {
      failed(error, t`保存失败`);
    }
    notify.success(t`保存成功`);
    setEditing(null);
    await refresh();
  };

  const togglePublish = async (row: ExamBatchRow) => {
    setPublishing(row.id);
    try {
      const answer = await publishBatch(row.id, !row.published);
      notify.success(answer.published ? t`发布成功，已通知 ${answer.notified} 位学生和家长` : t`已取消发布`);
      await refresh();
    } catch (error) {
      if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
    } finally {
      setPublishing(null);
    }
  };

  const may = (code: string) => grants.permissions.includes(code);
  const columns = useMemo((): DataTableColumn<ExamBatchRow>[] => {
    const italic = (row: ExamBatchRow) => (row.published ? 'normal' : 'italic');
    return [
      {
        key: 'name',
        title: t`考试名称`,
        render: (row) => (
          <Text as="span" fontStyle={italic(row)} fontWeight="medium" data-testid="exam-batch-name">
            {row.name}
          </Text>
        ),
      },
      {
        key: 'published',
        title: t`发布状态`,
        nowrap: true,
        render: (row) =>
          row.published ? (
            <Badge colorPalette="green">{t`已发布`}</Badge>
          ) : (
            <Badge colorPalette="gray" fontStyle="italic">
              {t`未发布`}
            </Badge>
          ),
      },
      { key: 'dates', title: t`考试时间`, nowrap: true, render: (row) => (row.startDate === row.endDate ? row.startDate : `${row.startDate} ~ ${row.endDate}`) },
      { key: 'grades', title: t`年级`, hideBelow: 'md', render: (row) => formatList(row.gradeNames.map((name, index) => localName(name, row.gradeNamesEn[index]))) },
      { key: 'subjects', title: t`科目`, hideBelow: 'lg', render: (row) => formatList(row.subjects.map((code) => subjectNames.get(code) ?? code)) },
      { key: 'sort', title: t`排序`, align: 'end', nowrap: true, render: (row) => (row.regular ? String(row.sort) : t`${row.sort}（非常规）`) },
      {
        key: 'actions',
        title: t`操作`,
        nowrap: true,
        render: (row) => (
          <HStack gap="1" wrap="wrap">
            {may(SCORE_SYSTEMS_PERMISSION) && (
              <Button asChild size="sm" variant="ghost">
                <Link to="/jxgl/cjtx" search={{ semesterId: row.semesterId, batchId: row.id }}>
                  {t`成绩体系`}
                  {` (${row.systemCount})`}
                </Link>
              </Button>
            )}
            {may(EXAMS_EDIT_PERMISSION) && (
              <Button size="sm" variant="outline" onClick={() => setEditing({ batch: row, key: Date.now() })}>
                {t`编辑`}
              </Button>
            )}
            {may(EXAMS_PUBLISH_PERMISSION) && (
              <Button
                size="sm"
                variant={row.published ? 'outline' : 'solid'}
                colorPalette="brand"
                loading={publishing === row.id}
                onClick={() => void togglePublish(row)}
              >
                {row.published ? t`取消发布` : t`发布`}
              </Button>
            )}
            {may(EXAMS_DELETE_PERMISSION) && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => askDelete(row)}>
                {t`删除`}
              </Button>
            )}
          </HStack>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `may` and the handlers read current state through grants / publishing
  }, [t, localName, subjectNames, grants, publishing]);

  if (options.isError) return <RequestError error={options.error} />;

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>考试批次</Trans>
        </Heading>
        <Permission anyOf={[EXAMS_ADD_PERMISSION]}>
          <Button colorPalette="brand" minH="11" disabled={!options.data} onClick={() => setEditing({ key: Date.now() })}>
            <Trans>新增考试批次</Trans>
          </Button>
        </Permission>
      </Flex>

      <SearchHeader
        busy={table.refreshing}
        onSearch={() => onSearchChange(compact({ semesterId: draft.semesterId || undefined, name: draft.name.trim() || undefined, published: (draft.published || undefined) as '0' | '1' | undefined, size: search.size }))}
        onReset={() => {
          setDraft({ semesterId: '', name: '', published: '' });
          onSearchChange(compact({ size: search.size }));
        }}
      >
        <SemesterSelect semesters={options.data?.semesters ?? []} value={draft.semesterId || semesterId} onChange={(id) => setDraft({ ...draft, semesterId: id })} />
        <Field.Root width={{ base: 'full', sm: '48' }}>
          <Field.Label fontSize="sm">
            <Trans>考试名称</Trans>
          </Field.Label>
          <Input minH="11" value={draft.name} placeholder={t`请输入`} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '36' }}>
          <Field.Label fontSize="sm">
            <Trans>发布状态</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field minH="11" value={draft.published} onChange={(event) => setDraft({ ...draft, published: event.currentTarget.value })}>
              <option value="">{t`全部`}</option>
              <option value="1">{t`已发布`}</option>
              <option value="0">{t`未发布`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SearchHeader>

      <DataTable
        data-testid="exam-batches"
        columns={columns}
        rows={table.rows}
        total={table.total}
        page={page}
        size={size}
        loading={table.loading}
        refreshing={table.refreshing}
        rowKey={rowKey}
        rowProps={rowProps}
        onPageChange={urlPaging(search, onSearchChange).onPageChange}
      />

      {options.data && editing && (
        <FormShell
          key={editing.key}
          open
          size="lg"
          title={editing.batch ? t`编辑考试批次` : t`新增考试批次`}
          formId={FORM_ID}
          onCancel={() => setEditing(null)}
        >
          {editing.batch?.published && (
            <Text data-testid="exam-batch-locked" color="orange.fg" fontSize="sm" mb="4">
              {t`该考试批次已发布，不能修改；如需修改，请先取消发布`}
            </Text>
          )}
          <ExamBatchForm id={FORM_ID} options={options.data} batch={editing.batch} semesterId={semesterId} onSubmit={save} />
        </FormShell>
      )}
      <ConfirmDelete {...deleteDialog} title={t`删除考试批次`} />
    </Stack>
  );
}
