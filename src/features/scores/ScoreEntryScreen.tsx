import { Badge, Button, Field, Flex, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SCORES_EXPORT_PERMISSION, SCORES_SUBMIT_PERMISSION } from '../../../contracts/score-rules';
import type { ScoreImportRowError, ScoreOptions, ScoreSaveRequest, ScoreSheet } from '../../../contracts/scores';
import { usePermitted } from '../../components/Permission';
import { RequestError } from '../../components/RequestError';
import { SemesterSelect } from '../../components/SemesterSelect';
import { dictLabel } from '../../lib/dicts';
import { downloadFile } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { HttpError, post } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { useOutboxEntries, type OutboxEntry } from '../../lib/offline/outbox';
import { EXPORT_URL, knownNames, scoreKeys, scoreOptionsQuery, scoreSheetQuery, subjectDictQuery, SUBMIT_URL } from './api';
import { cellKey } from './cell-state';
import { ALL_SUBJECTS, subjectOpens } from './default-sheet';
import { rememberLastSheet } from './last-sheet';
import { saveScoreKind } from './outbox-kind';
import { ScoreGrid, type GridColumn } from './ScoreGrid';
import { ImportErrors, ScoreImport } from './ScoreImport';
import type { ScoreEntrySearch } from './search';

const ChangesDialog = lazy(() => import('./ScoreChangesDialog'));
const OutboxPanel = lazy(() => import('../../components/offline/OutboxPanel').then((module) => ({ default: module.OutboxPanel })));

export interface ScoreEntryScreenProps {
  search: ScoreEntrySearch;
  onSearchChange: (next: ScoreEntrySearch) => void;
}

/**
 * /jxgl/cjlr 成绩录入: semester → batch → class → subject (only what the caller may open; the choice
 * lives in the URL; the route opens the caller's most likely sheet when the URL names none), then
 * the class's grid. With several subjects of the class open to the caller
 * (head teacher, cjlr_manage) '全部科目' shows one column per subject with each student's total.
 */
export function ScoreEntryScreen({ search, onSearchChange }: ScoreEntryScreenProps) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const options = useQuery(scoreOptionsQuery(search.semesterId));
  const subjects = useQuery(subjectDictQuery());
  const subjectName = (code: string) => dictLabel(subjects.data, code, i18n.locale);
  useEffect(() => {
    for (const item of subjects.data ?? []) knownNames.subjects.set(item.code, dictLabel(subjects.data, item.code, i18n.locale));
  }, [subjects.data, i18n.locale]);

  const data = options.data;
  const batch = data?.batches.find((item) => item.batchId === search.batchId);
  const klass = batch?.classes.find((item) => item.classId === search.classId);
  const subjectCodes = klass?.subjects.map((item) => item.subject) ?? [];
  const subject = klass && subjectOpens(klass, search.subject) ? search.subject : undefined;
  // the sheet on screen is the one this user reopens next time (default-sheet.ts)
  useEffect(() => {
    if (batch && klass && subject) rememberLastSheet({ batchId: batch.batchId, classId: klass.classId, subject });
  }, [batch, klass, subject]);

  return (
    <Stack gap="4" pb="16">
      <Heading as="h1" size="lg">
        <Trans>成绩录入</Trans>
      </Heading>
      {options.isPending ? (
        <Skeleton h="10" />
      ) : options.isError && !data ? (
        <RequestError error={options.error} testId="score-options-error" />
      ) : data ? (
        <Flex gap="3" wrap="wrap" align="end" data-testid="score-pickers">
          <SemesterSelect
            testId="pick-semester"
            semesters={data.semesters}
            value={search.semesterId ?? data.semesterId ?? ''}
            onChange={(value) => onSearchChange({ semesterId: value || undefined })}
          />
          <Picker
            label={t`考试批次`}
            testId="pick-batch"
            value={batch?.batchId ?? ''}
            placeholder={t`请选择考试批次`}
            options={data.batches.map((item) => ({ value: item.batchId, label: item.published ? t`${item.name}（已发布）` : item.name }))}
            onChange={(value) => onSearchChange({ semesterId: search.semesterId, batchId: value || undefined })}
          />
          <Picker
            label={t`班级`}
            testId="pick-class"
            value={klass?.classId ?? ''}
            placeholder={t`请选择班级`}
            disabled={!batch}
            options={(batch?.classes ?? []).map((item) => ({ value: item.classId, label: localName(item.className, item.classNameEn) }))}
            onChange={(value) => onSearchChange({ semesterId: search.semesterId, batchId: batch?.batchId, classId: value || undefined })}
          />
          <Picker
            label={t`科目`}
            testId="pick-subject"
            value={subject ?? ''}
            placeholder={t`请选择科目`}
            disabled={!klass}
            options={[
              ...(subjectCodes.length > 1 ? [{ value: ALL_SUBJECTS, label: t`全部科目` }] : []),
              ...(klass?.subjects ?? []).map((item) => ({ value: item.subject, label: item.submitted ? t`${subjectName(item.subject)}（已提交）` : subjectName(item.subject) })),
            ]}
            onChange={(value) => onSearchChange({ semesterId: search.semesterId, batchId: batch?.batchId, classId: klass?.classId, subject: value || undefined })}
          />
        </Flex>
      ) : null}
      {data && data.batches.length === 0 ? (
        <Text color="fg.muted" data-testid="score-no-batches">
          <Trans>本学期没有可录入的考试批次</Trans>
        </Text>
      ) : null}
      {batch && klass && subject ? (
        <SheetArea
          key={`${batch.batchId}:${klass.classId}:${subject}`}
          batch={batch}
          classId={klass.classId}
          subjects={subject === ALL_SUBJECTS ? subjectCodes : [subject]}
          subjectName={subjectName}
        />
      ) : data && data.batches.length > 0 ? (
        <Text color="fg.muted">
          <Trans>请选择考试批次、班级和科目</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

/** Keys that open a closed select's list (then the pick is a deliberate one, like a click). */
const opensList = (event: KeyboardEvent<HTMLSelectElement>) => event.key === ' ' || event.key === 'F4' || event.altKey;

/**
 * A native select that commits only a deliberate pick: a click or a pick from the opened list at once;
 * ↑ / ↓ (or typing) on the closed select only browse — Enter or leaving the select commits, Escape
 * reverts — so browsing the subjects never loads 全部科目 nor moves the focus.
 */
function Picker(props: {
  label: string;
  testId: string;
  value: string;
  placeholder?: string;
  disabled?: boolean;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const [browsed, setBrowsed] = useState<string | undefined>(undefined);
  const browsing = useRef(false);
  const commit = (value: string) => {
    setBrowsed(undefined);
    if (value !== props.value) props.onChange(value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (event.key === 'Enter' || event.key === 'Escape') {
      browsing.current = false;
      if (browsed === undefined) return;
      event.preventDefault();
      if (event.key === 'Enter') commit(browsed);
      else setBrowsed(undefined);
      return;
    }
    browsing.current = event.key !== 'Tab' && !opensList(event);
  };
  const value = browsed ?? props.value;
  return (
    <Field.Root w={{ base: 'full', sm: '14rem' }} disabled={props.disabled}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root size="md">
        <NativeSelect.Field
          data-testid={props.testId}
          value={value}
          onKeyDown={onKeyDown}
          onPointerDown={() => (browsing.current = false)}
          onChange={(event) => (browsing.current ? setBrowsed(event.target.value) : commit(event.target.value))}
          onBlur={() => (browsed === undefined ? undefined : commit(browsed))}
        >
          {props.placeholder && !value ? <option value="">{props.placeholder}</option> : null}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

type Batch = ScoreOptions['batches'][number];

/** The opened sheet(s) of one class: toolbar (state, submit, audit, export, import) and the grid. */
function SheetArea({ batch, classId, subjects, subjectName }: { batch: Batch; classId: string; subjects: string[]; subjectName: (code: string) => string }) {
  const { t } = useLingui();
  const localName = useLocalName();
  const sheets = useQueries({ queries: subjects.map((subject) => scoreSheetQuery(batch.batchId, classId, subject)) });
  const entries = useOutboxEntries({ kind: saveScoreKind.kind }) as OutboxEntry<ScoreSaveRequest>[];
  const [importErrors, setImportErrors] = useState<ScoreImportRowError[]>([]);
  // the pending panel stays open after a decision (the conflict line it was opened from goes away)
  const [panelOpen, setPanelOpen] = useState(false);
  const queued = useMemo(() => {
    const map = new Map<string, OutboxEntry<ScoreSaveRequest>[]>();
    for (const entry of entries) {
      if (entry.payload.batchId !== batch.batchId || entry.payload.classId !== classId) continue;
      const key = cellKey(entry.payload.subject, entry.payload.studentId);
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    }
    return map;
  }, [entries, batch.batchId, classId]);

  const loaded = sheets.every((sheet) => sheet.data);
  const failed = sheets.find((sheet) => sheet.isError && !sheet.data);
  const columns: GridColumn[] = useMemo(
    () => (loaded ? sheets.map((sheet, index) => ({ subject: subjects[index], subjectName: subjectName(subjects[index]), sheet: sheet.data as ScoreSheet })) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, ...sheets.map((sheet) => sheet.data), subjects, subjectName],
  );

  if (failed) return <RequestError error={failed.error} testId="score-sheet-error" />;
  if (!loaded)
    return (
      <Stack gap="2" data-testid="score-loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="9" />
        ))}
      </Stack>
    );

  const conflicts = [...queued.values()].flat().filter((entry) => entry.state === 'conflict' || entry.state === 'failed').length;
  const pending = [...queued.values()].flat().length;
  const first = columns[0].sheet;

  return (
    <Stack gap="3">
      <Flex gap="2" align="center" wrap="wrap" data-testid="score-sheet-state">
        <Text fontWeight="semibold">
          {first.batch.name} · {localName(first.className, first.classNameEn)}
        </Text>
        {first.batch.published ? (
          <Badge colorPalette="green" data-testid="score-published">
            <Trans>已发布（只读）</Trans>
          </Badge>
        ) : (
          <Badge colorPalette="gray" fontStyle="italic" data-testid="score-unpublished">
            <Trans>未发布</Trans>
          </Badge>
        )}
        {pending > 0 ? (
          <Badge colorPalette="yellow" variant="solid" data-testid="score-pending">
            <Trans>待同步 {pending}</Trans>
          </Badge>
        ) : null}
        {conflicts > 0 ? <ConflictNotice count={conflicts} onOpen={() => setPanelOpen(true)} /> : null}
        <HStack gap="2" ms="auto" wrap="wrap">
          <ExportButtons batchId={batch.batchId} classId={classId} subject={columns.length === 1 ? columns[0].subject : undefined} />
          {columns.length === 1 && first.editable ? <ScoreImport sheet={first} onErrors={setImportErrors} /> : null}
        </HStack>
      </Flex>
      {importErrors.length > 0 ? <ImportErrors errors={importErrors} onClose={() => setImportErrors([])} /> : null}
      {columns.map((column) => (
        <SheetStatus key={column.subject} column={column} multi={columns.length > 1} pending={[...queued.entries()].some(([key]) => key.startsWith(`${column.subject}:`))} />
      ))}
      {first.students.length === 0 ? (
        <Text color="fg.muted">
          <Trans>该班级暂无学生</Trans>
        </Text>
      ) : (
        <ScoreGrid batchId={batch.batchId} classId={classId} columns={columns} queued={queued} autoFocus />
      )}
      {panelOpen ? (
        <Suspense fallback={null}>
          <OutboxPanel open={panelOpen} onClose={() => setPanelOpen(false)} />
        </Suspense>
      ) : null}
      {columns.length === 1 && first.editable ? (
        <Text fontSize="sm" color="fg.muted">
          {t`每个成绩输入后即保存在本机并自动同步，断网时也可录入。`}
        </Text>
      ) : null}
    </Stack>
  );
}

function ConflictNotice({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <HStack gap="2" role="alert">
      <Badge colorPalette="red" variant="solid" data-testid="score-conflicts">
        <Trans>{count} 个成绩冲突或被拒绝</Trans>
      </Badge>
      <Button size="xs" variant="outline" colorPalette="red" minH="9" data-testid="open-pending-panel" onClick={onOpen}>
        <Trans>打开待同步面板</Trans>
      </Button>
    </HStack>
  );
}

/** One sheet's line: submitted or not (corrections after), submit, audit trail. */
function SheetStatus({ column, multi, pending }: { column: GridColumn; multi: boolean; pending: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const canSubmit = usePermitted({ anyOf: [SCORES_SUBMIT_PERMISSION] });
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [changesOpen, setChangesOpen] = useState(false);
  const { sheet } = column;

  const submit = async () => {
    setSubmitting(true);
    setRefusal(null);
    try {
      await post(SUBMIT_URL, { batchId: sheet.batch.id, classId: sheet.classId, subject: sheet.subject });
      notify.success(t`已提交`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scoreKeys.sheet(sheet.batch.id, sheet.classId, sheet.subject) }),
        queryClient.invalidateQueries({ queryKey: scoreKeys.optionsAll }),
      ]);
    } catch (error) {
      const message = error instanceof HttpError ? error.msg : t`请求失败`;
      setRefusal(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="1" data-testid="score-sheet-status" data-subject={sheet.subject}>
      <Flex gap="2" align="center" wrap="wrap">
        {multi ? <Text fontWeight="medium">{column.subjectName}</Text> : null}
        {sheet.submitted ? (
          <>
            <Badge colorPalette="blue" data-testid="score-submitted">
              <Trans>已提交</Trans>
            </Badge>
            <Text fontSize="sm" color="fg.muted">
              {sheet.submittedByName} {sheet.submittedAt ? formatDateTime(sheet.submittedAt, i18n.locale) : ''}
            </Text>
            {sheet.editable ? (
              <Text fontSize="sm" color="orange.fg" data-testid="score-corrections">
                <Trans>已提交：此后的修改将记为更正，并保留修改记录</Trans>
              </Text>
            ) : null}
          </>
        ) : (
          <Badge colorPalette="orange" variant="subtle">
            <Trans>未提交</Trans>
          </Badge>
        )}
        {!sheet.editable && !sheet.batch.published ? (
          <Text fontSize="sm" color="fg.muted" data-testid="score-read-only">
            <Trans>只读</Trans>
          </Text>
        ) : null}
        <HStack gap="2" ms="auto">
          <Button size="sm" variant="ghost" colorPalette="brand" minH="10" onClick={() => setChangesOpen(true)} data-testid="score-changes-open">
            <Trans>修改记录</Trans>
          </Button>
          {canSubmit && sheet.editable && !sheet.submitted ? (
            <Button size="sm" colorPalette="brand" minH="10" loading={submitting} disabled={pending} onClick={() => void submit()} data-testid="score-submit">
              {multi ? <Trans>提交{column.subjectName}</Trans> : <Trans>提交成绩</Trans>}
            </Button>
          ) : null}
        </HStack>
      </Flex>
      {sheet.system === null || sheet.noScale ? (
        // SPEC: 'grade has no scale': the scores entered so far stay visible, nothing can be entered
        <Text fontSize="sm" color="orange.fg" role="note" data-testid="score-no-scale">
          {multi ? `${column.subjectName}：` : ''}
          <Trans>该年级未设置分制</Trans>
        </Text>
      ) : null}
      {pending && canSubmit && sheet.editable && !sheet.submitted ? (
        <Text fontSize="xs" color="fg.muted">
          <Trans>有待同步的成绩，同步完成后才能提交</Trans>
        </Text>
      ) : null}
      {refusal ? (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="score-submit-refused">
          {refusal}
        </Text>
      ) : null}
      {changesOpen ? (
        <Suspense fallback={null}>
          <ChangesDialog sheet={sheet} subjectName={column.subjectName} open={changesOpen} onClose={() => setChangesOpen(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function ExportButtons({ batchId, classId, subject }: { batchId: string; classId: string; subject?: string }) {
  const { t } = useLingui();
  const permitted = usePermitted({ anyOf: [SCORES_EXPORT_PERMISSION] });
  const [busy, setBusy] = useState<'class' | 'batch' | null>(null);
  if (!permitted) return null;
  const run = async (which: 'class' | 'batch') => {
    setBusy(which);
    try {
      await downloadFile(EXPORT_URL, { method: 'POST', body: which === 'class' ? { batchId, classId, ...(subject ? { subject } : {}) } : { batchId } });
    } catch (error) {
      notify.error(error instanceof HttpError ? error.msg : t`导出失败`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" minH="10" loading={busy === 'class'} onClick={() => void run('class')} data-testid="score-export-class">
        <Trans>导出本班</Trans>
      </Button>
      <Button size="sm" variant="outline" minH="10" loading={busy === 'batch'} onClick={() => void run('batch')} data-testid="score-export-batch">
        <Trans>导出整个批次</Trans>
      </Button>
    </>
  );
}
