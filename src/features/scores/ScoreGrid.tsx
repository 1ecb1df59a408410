import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { ScoreSaveRequest, ScoreSheet } from '../../../contracts/scores';
import { formatNumber } from '../../lib/format';
import { notify } from '../../lib/notify';
import { enqueue, type OutboxEntry } from '../../lib/offline/outbox';
import {
  cellKey,
  columnStats,
  EMPTY_VALUE,
  formatValue,
  fullMarkOf,
  parseCellInput,
  parseClipboardBlock,
  rowTotal,
  sameValue,
  scoreEntityKey,
  valueOfCell,
  valueOfPayload,
  type CellValue,
  type ColumnStats,
  type ParseError,
} from './cell-state';
import { saveScoreKind } from './outbox-kind';

/** One column of the grid: a sheet (one subject of the class in the batch). */
export interface GridColumn {
  subject: string;
  subjectName: string;
  sheet: ScoreSheet;
}

/** Where a cell stands (shown by a dot and its title): nothing, queued, on the server, conflict, refused, invalid typing. */
export type CellState = 'empty' | 'queued' | 'saved' | 'conflict' | 'failed' | 'invalid';

export interface ScoreGridProps {
  batchId: string;
  classId: string;
  columns: GridColumn[];
  /** this class's queued 'scores.save' entries by cell key (subject:studentId), in send order */
  queued: ReadonlyMap<string, readonly OutboxEntry<ScoreSaveRequest>[]>;
  /** focus the first cell when the grid opens (editable sheets) */
  autoFocus?: boolean;
}

interface Recent {
  value: CellValue;
  base: number;
  opId: string | null;
}

function stateOf(entries: readonly OutboxEntry[] | undefined, recent: Recent | undefined, version: number): CellState {
  if (entries && entries.length > 0) {
    if (entries.some((entry) => entry.state === 'conflict')) return 'conflict';
    if (entries.some((entry) => entry.state === 'failed')) return 'failed';
    return 'queued';
  }
  if (recent) return 'queued';
  return version > 0 ? 'saved' : 'empty';
}

/**
 * The score grid: the roster with one score cell per student and column (sheet). A spreadsheet for
 * the keyboard: type in a cell; Enter / ↓ commit and go down, ↑ up, Tab / ← / → across columns (Tab
 * wraps to the next row), Escape reverts; a block pasted from Excel fills from the focused cell. Each
 * value is checked as typed (0 to the sheet's full mark, two decimals; q / 缺考 absent, m / 免考
 * exempt); a valid changed value is queued in the outbox at once (one entry per cell), an invalid one
 * stays in the cell with its message and is never queued. The bar pinned above the grid keeps the
 * focused column's live figures and the marks (缺考, 免考: buttons for a phone's numeric keypad) in
 * view while the grid scrolls; every column's figures are also under the grid.
 */
export function ScoreGrid({ batchId, classId, columns, queued, autoFocus }: ScoreGridProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const labels = useMemo(() => ({ absent: t`缺考`, exempt: t`免考` }), [t]);
  const students = useMemo(() => columns[0]?.sheet.students ?? [], [columns]);
  const multi = columns.length > 1;
  const rootRef = useRef<HTMLDivElement>(null);

  const [drafts, setDraftsState] = useState<Readonly<Record<string, string>>>({});
  const draftsRef = useRef(drafts);
  const setDrafts = useCallback((update: (prev: Readonly<Record<string, string>>) => Readonly<Record<string, string>>) => {
    draftsRef.current = update(draftsRef.current);
    setDraftsState(draftsRef.current);
  }, []);
  const [recent, setRecent] = useState<Readonly<Record<string, Recent>>>({});
  const activeKey = useRef<string | null>(null);
  // the focused cell as state too: the pinned bar names its student and shows its column's figures
  const [active, setActive] = useState<{ row: number; col: number } | null>(null);

  const serverCells = useMemo(() => {
    const map = new Map<string, { value: CellValue; version: number }>();
    for (const column of columns)
      for (const cell of column.sheet.cells) map.set(cellKey(column.subject, cell.studentId), { value: valueOfCell(cell), version: cell.version });
    return map;
  }, [columns]);

  // what each cell holds apart from typing: the newest queued value, else the server's
  const committed = useCallback(
    (key: string): CellValue => {
      const mine = recent[key];
      if (mine) return mine.value;
      const entries = queued.get(key);
      const newest = entries?.at(-1);
      if (newest) return valueOfPayload(newest.payload);
      return serverCells.get(key)?.value ?? EMPTY_VALUE;
    },
    [recent, queued, serverCells],
  );

  // a just-queued value leaves `recent` once the outbox shows it (or it was delivered already)
  useEffect(() => {
    setRecent((prev) => {
      let changed = false;
      const next: Record<string, Recent> = {};
      for (const [key, item] of Object.entries(prev)) {
        const shown = item.opId !== null && (queued.get(key) ?? []).some((entry) => entry.opId === item.opId);
        const delivered = (serverCells.get(key)?.version ?? 0) > item.base;
        if (shown || delivered) changed = true;
        else next[key] = item;
      }
      return changed ? next : prev;
    });
  }, [queued, serverCells]);

  const columnBySubject = useMemo(() => new Map(columns.map((column) => [column.subject, column])), [columns]);

  const stateTitles = useMemo(
    (): Record<CellState, string> => ({
      empty: '',
      invalid: '',
      queued: t`待同步`,
      saved: t`已保存`,
      conflict: t`冲突：服务器上的成绩已被他人修改，请在待同步面板中选择`,
      failed: t`保存失败`,
    }),
    [t],
  );

  const errorText = useCallback(
    (error: ParseError, fullMark: number): string => {
      switch (error) {
        case 'range':
          return t`成绩应在0到${fullMark}之间`;
        case 'decimals':
          return t`成绩最多保留两位小数`;
        default:
          return t`请输入 0 到 ${fullMark} 的数字，或 q 缺考、m 免考`;
      }
    },
    [t],
  );

  const stateRef = useRef({ committed, columnBySubject, serverCells, labels });
  useLayoutEffect(() => {
    stateRef.current = { committed, columnBySubject, serverCells, labels };
  });

  /** Checks a cell's typing and queues it when valid and changed; false: invalid (stays, with its message). */
  const commit = useCallback(
    (key: string): boolean => {
      const text = draftsRef.current[key];
      if (text === undefined) return true;
      const { committed: current, columnBySubject: bySubject, serverCells: cells, labels: words } = stateRef.current;
      const separator = key.indexOf(':');
      const subject = key.slice(0, separator);
      const studentId = key.slice(separator + 1);
      const column = bySubject.get(subject);
      if (!column) return true;
      const parsed = parseCellInput(text, fullMarkOf(column.sheet), words);
      if (!parsed.ok) return false;
      setDrafts((prev) => {
        const next = { ...prev };
        delete next[key];
        return next;
      });
      if (!column.sheet.editable || sameValue(parsed.value, current(key))) return true;
      const base = cells.get(key)?.version ?? 0;
      const payload: ScoreSaveRequest = {
        batchId,
        classId,
        subject,
        studentId,
        score: parsed.value.score,
        mark: parsed.value.mark,
        baseVersion: base,
      };
      setRecent((prev) => ({ ...prev, [key]: { value: parsed.value, base, opId: null } }));
      enqueue(saveScoreKind, { entityKey: scoreEntityKey(batchId, subject, studentId), payload, baseVersion: base }).then(
        (entry) => setRecent((prev) => (prev[key] ? { ...prev, [key]: { ...prev[key], opId: entry.opId } } : prev)),
        () => {
          setRecent((prev) => {
            const next = { ...prev };
            delete next[key];
            return next;
          });
          notify.error(t`保存失败，请重新登录后再试`);
        },
      );
      return true;
    },
    [batchId, classId, setDrafts, t],
  );

  const rows = students.length;
  const cols = columns.length;

  const focusCell = useCallback((row: number, col: number, options?: FocusOptions): boolean => {
    const input = rootRef.current?.querySelector<HTMLInputElement>(`input[data-r="${row}"][data-c="${col}"]`);
    if (!input) return false;
    input.focus(options);
    input.select();
    return true;
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const key = input.dataset.key ?? '';
      const row = Number(input.dataset.r);
      const col = Number(input.dataset.c);
      const go = (nextRow: number, nextCol: number) => {
        event.preventDefault();
        if (!commit(key)) return;
        if (nextRow >= 0 && nextRow < rows && nextCol >= 0 && nextCol < cols) focusCell(nextRow, nextCol);
      };
      switch (event.key) {
        case 'Enter':
          go(event.shiftKey ? row - 1 : row + 1, col);
          return;
        case 'ArrowDown':
          go(row + 1, col);
          return;
        case 'ArrowUp':
          go(row - 1, col);
          return;
        case 'ArrowLeft':
          go(row, col - 1);
          return;
        case 'ArrowRight':
          go(row, col + 1);
          return;
        case 'Tab': {
          // across the columns, wrapping to the next (previous) row; out of the grid at its ends
          const forward = !event.shiftKey;
          const nextCol = forward ? (col + 1 < cols ? col + 1 : 0) : col > 0 ? col - 1 : cols - 1;
          const nextRow = forward ? (col + 1 < cols ? row : row + 1) : col > 0 ? row : row - 1;
          if (nextRow < 0 || nextRow >= rows) {
            if (!commit(key)) event.preventDefault();
            return;
          }
          go(nextRow, nextCol);
          return;
        }
        case 'Escape':
          if (draftsRef.current[key] !== undefined) {
            event.preventDefault();
            event.stopPropagation();
            setDrafts((prev) => {
              const next = { ...prev };
              delete next[key];
              return next;
            });
            requestAnimationFrame(() => input.select());
          }
          return;
      }
    },
    [commit, cols, focusCell, rows, setDrafts],
  );

  const onChange = useCallback(
    (key: string, text: string) => {
      setDrafts((prev) => ({ ...prev, [key]: text }));
    },
    [setDrafts],
  );

  const onFocus = useCallback((key: string, row: number, col: number) => {
    activeKey.current = key;
    setActive((prev) => (prev?.row === row && prev.col === col ? prev : { row, col }));
  }, []);

  const onBlur = useCallback(
    (key: string) => {
      commit(key);
    },
    [commit],
  );

  const onPaste = useCallback(
    (event: ClipboardEvent<HTMLInputElement>) => {
      const text = event.clipboardData.getData('text/plain');
      if (!/[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''))) {
        // one value: pasted into the cell as typing (a trailing newline from Excel dropped)
        const single = text.replace(/[\r\n]+$/, '');
        if (single !== text) {
          event.preventDefault();
          onChange(event.currentTarget.dataset.key ?? '', single);
        }
        return;
      }
      event.preventDefault();
      const row = Number(event.currentTarget.dataset.r);
      const col = Number(event.currentTarget.dataset.c);
      const block = parseClipboardBlock(text);
      const keys: string[] = [];
      setDrafts((prev) => {
        const next = { ...prev };
        block.forEach((line, i) =>
          line.forEach((value, j) => {
            const r = row + i;
            const c = col + j;
            if (r >= rows || c >= cols) return;
            const key = cellKey(columns[c].subject, students[r].studentId);
            next[key] = value.trim();
            keys.push(key);
          }),
        );
        return next;
      });
      let invalid = 0;
      for (const key of keys) if (!commit(key)) invalid += 1;
      const saved = keys.length - invalid;
      if (invalid > 0) notify.warning(t`已粘贴 ${saved} 个成绩；${invalid} 个值无效，未保存，请修改`);
      else notify.success(t`已粘贴 ${saved} 个成绩`);
    },
    [columns, commit, cols, onChange, rows, setDrafts, students, t],
  );

  // the first cell takes the focus when the sheet opens (a class is entered without the mouse),
  // unless the focus is elsewhere already (a picker being browsed keeps it)
  const editable = columns.some((column) => column.sheet.editable);
  useEffect(() => {
    const focused = document.activeElement;
    const free = !focused || focused === document.body || Boolean(rootRef.current?.contains(focused));
    if (autoFocus && editable && free) focusCell(0, 0, { preventScroll: true });
  }, [autoFocus, editable, focusCell]);

  /** Marks for the last focused cell (the toolbar's buttons; the keyboard types q / m). */
  const applyToActive = (text: string) => {
    const key = activeKey.current;
    if (!key) return;
    onChange(key, text);
    commit(key);
    const input = rootRef.current?.querySelector<HTMLInputElement>(`input[data-key="${key}"]`);
    input?.focus();
  };

  // the values each column holds now (valid typing included: the figures follow the keyboard)
  const columnValues = columns.map((column) =>
    students.map((student) => {
      const key = cellKey(column.subject, student.studentId);
      const draft = drafts[key];
      if (draft !== undefined) {
        const parsed = parseCellInput(draft, fullMarkOf(column.sheet), labels);
        if (parsed.ok) return parsed.value;
      }
      return committed(key);
    }),
  );
  const stats = columns.map((column, index) => columnStats(columnValues[index], column.sheet.system));
  const activeCol = active && active.col < cols ? active.col : 0;
  const activeStudent = active && active.row < rows ? students[active.row] : undefined;
  const marksUsable = Boolean(activeStudent) && columns[activeCol].sheet.editable;
  // a mark button keeps the focus in the cell (no keyboard flicker on a phone)
  const keepFocus = (event: { preventDefault: () => void }) => event.preventDefault();

  return (
    <Box ref={rootRef} data-testid="score-grid">
      {editable ? (
        <Text fontSize="xs" color="fg.muted" mb="2" hideBelow="md">
          <Trans>回车或 ↓ 下移，↑ 上移，Tab / ← / → 换列，Esc 撤销；q 缺考，m 免考；可从 Excel 粘贴一列</Trans>
        </Text>
      ) : null}
      {/* pinned under the shell's header (MainLayout sets --shell-header-h) while the grid scrolls */}
      <Flex
        position="sticky"
        top="var(--shell-header-h, 0px)"
        zIndex="docked"
        gap="2"
        columnGap="4"
        wrap="wrap"
        align="center"
        mb="2"
        px="3"
        py="1.5"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        borderRadius="l2"
        boxShadow="xs"
        data-testid="score-summary"
      >
        <HStack gap="3" wrap="wrap" fontSize="sm" fontVariantNumeric="tabular-nums">
          {multi ? <Text fontWeight="semibold">{columns[activeCol].subjectName}</Text> : null}
          <Figure label={t`已录入`} value={`${stats[activeCol].entered}/${stats[activeCol].students}`} id="entered" />
          <Figure label={t`平均分`} value={formatTotal(stats[activeCol].average, locale)} id="average" />
          <Figure label={t`及格率`} value={formatRate(stats[activeCol].passRate, locale)} id="pass" />
          <Figure label={t`优秀率`} value={formatRate(stats[activeCol].excellentRate, locale)} id="excellent" />
        </HStack>
        {editable ? (
          <HStack gap="1.5" wrap="wrap" ms="auto" data-testid="score-marks">
            <Text fontSize="sm" color="fg.muted" truncate maxW="10rem" data-testid="score-marks-target">
              {activeStudent ? activeStudent.studentName : <Trans>先选中一个成绩格</Trans>}
            </Text>
            <Button size="sm" variant="outline" minH="11" minW="11" disabled={!marksUsable} onMouseDown={keepFocus} onClick={() => applyToActive('q')}>
              <Trans>缺考 (q)</Trans>
            </Button>
            <Button size="sm" variant="outline" minH="11" minW="11" disabled={!marksUsable} onMouseDown={keepFocus} onClick={() => applyToActive('m')}>
              <Trans>免考 (m)</Trans>
            </Button>
            <Button size="sm" variant="ghost" minH="11" minW="11" disabled={!marksUsable} onMouseDown={keepFocus} onClick={() => applyToActive('')}>
              <Trans>清空</Trans>
            </Button>
          </HStack>
        ) : null}
      </Flex>
      <Box overflowX="auto" borderWidth="1px" borderColor="border" borderRadius="l2" css={GRID_CSS}>
        <table style={{ width: `${NAME_REM + NO_REM + SCORE_REM * columns.length + (multi ? TOTAL_REM : 0)}rem` }}>
          {/* fixed layout: the browser sizes 600 cells from these widths instead of measuring each */}
          <colgroup>
            <col className="c-name" />
            <col className="c-no" />
            {columns.map((column) => (
              <col key={column.subject} className="c-score" />
            ))}
            {multi ? <col className="c-total" /> : null}
          </colgroup>
          <thead>
            <tr>
              <th className="sticky">
                <Trans>姓名</Trans>
              </th>
              <th>
                <Trans>学号</Trans>
              </th>
              {columns.map((column) => (
                <th key={column.subject} data-testid="score-column" data-subject={column.subject}>
                  {column.subjectName}
                  <span className="full">
                    {column.sheet.system ? <Trans>满分 {column.sheet.system.fullMark}</Trans> : <Trans>未设置分制</Trans>}
                  </span>
                </th>
              ))}
              {multi ? (
                <th>
                  <Trans>总分</Trans>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {students.map((student, r) => (
              <tr key={student.studentId} data-testid="score-row" data-student={student.studentId}>
                <th className="sticky" scope="row">
                  {student.studentName}
                </th>
                <td className="no">{student.studentNo}</td>
                {columns.map((column, c) => {
                  const key = cellKey(column.subject, student.studentId);
                  const draft = drafts[key];
                  const parsed = draft === undefined ? null : parseCellInput(draft, fullMarkOf(column.sheet), labels);
                  const error = parsed && !parsed.ok ? errorText(parsed.error, fullMarkOf(column.sheet)) : null;
                  const entries = queued.get(key);
                  const state: CellState = error ? 'invalid' : stateOf(entries, recent[key], serverCells.get(key)?.version ?? 0);
                  return (
                    <ScoreCellView
                      key={column.subject}
                      cellId={key}
                      row={r}
                      col={c}
                      text={draft ?? formatValue(committed(key), labels)}
                      state={state}
                      title={state === 'failed' ? failedTitle(stateTitles.failed, entries) : stateTitles[state]}
                      error={error}
                      italic={!column.sheet.batch.published}
                      readOnly={!column.sheet.editable}
                      label={`${student.studentName} ${column.subjectName}`}
                      onChange={onChange}
                      onKeyDown={onKeyDown}
                      onFocus={onFocus}
                      onBlur={onBlur}
                      onPaste={onPaste}
                    />
                  );
                })}
                {multi ? <td className="total" data-testid="score-total">{formatTotal(rowTotal(columnValues.map((values) => values[r])), locale)}</td> : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <StatsRow label={t`已录入`} stats={stats} multi={multi} render={(s) => `${s.entered}/${s.students}`} id="entered" />
            <StatsRow label={t`总分`} stats={stats} multi={multi} render={(s) => formatTotal(s.total, locale)} id="total" />
            <StatsRow label={t`平均分`} stats={stats} multi={multi} render={(s) => formatTotal(s.average, locale)} id="average" />
            <StatsRow label={t`最高分`} stats={stats} multi={multi} render={(s) => formatTotal(s.highest, locale)} id="highest" />
            <StatsRow label={t`最低分`} stats={stats} multi={multi} render={(s) => formatTotal(s.lowest, locale)} id="lowest" />
            <StatsRow label={t`优秀率`} stats={stats} multi={multi} render={(s) => formatRate(s.excellentRate, locale)} id="excellent" />
            <StatsRow label={t`及格率`} stats={stats} multi={multi} render={(s) => formatRate(s.passRate, locale)} id="pass" />
          </tfoot>
        </table>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {columns.length === 1 && columns[0].sheet.system ? (
          <Trans>
            优秀线 {columns[0].sheet.system.excellentLine} 分，及格线 {columns[0].sheet.system.passLine} 分。
          </Trans>
        ) : null}
        <Trans>平均分只计有分数的学生；优秀率、及格率的人数含缺考（计为未达线），不含免考。</Trans>
      </Text>
    </Box>
  );
}

const failedTitle = (title: string, entries: readonly OutboxEntry[] | undefined) => {
  const reason = entries?.find((entry) => entry.state === 'failed')?.lastError?.msg;
  return reason ? `${title}：${reason}` : title;
};

const formatTotal = (value: number | null, locale: string) => (value === null ? '—' : formatNumber(value, { maximumFractionDigits: 2 }, locale));
const formatRate = (value: number | null, locale: string) => (value === null ? '—' : formatNumber(value, { style: 'percent', maximumFractionDigits: 1 }, locale));

/** One figure of the pinned bar: its label and value. */
function Figure({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <Text as="span" data-testid={`score-summary-${id}`}>
      <Text as="span" color="fg.muted">
        {label}
      </Text>{' '}
      <Text as="span" fontWeight="semibold" data-testid="score-summary-value">
        {value}
      </Text>
    </Text>
  );
}

function StatsRow({ label, stats, multi, render, id }: { label: string; stats: ColumnStats[]; multi: boolean; render: (stats: ColumnStats) => string; id: string }) {
  return (
    <tr data-testid={`score-stat-${id}`}>
      <th className="sticky" scope="row">
        {label}
      </th>
      <td />
      {stats.map((item, index) => (
        <td key={index} data-testid="score-stat">
          {render(item)}
        </td>
      ))}
      {multi ? <td /> : null}
    </tr>
  );
}

interface ScoreCellViewProps {
  cellId: string;
  row: number;
  col: number;
  text: string;
  state: CellState;
  /** the state in words (the cell's title); a refusal adds the server's reason */
  title: string;
  error: string | null;
  italic: boolean;
  readOnly: boolean;
  label: string;
  onChange: (key: string, text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: (key: string, row: number, col: number) => void;
  onBlur: (key: string) => void;
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
}

/**
 * One score cell: a plain input in a td (600 of them render fast: no widget, no hook), its state as
 * a dot drawn by CSS from data-state and as the title, and its message when the typing is invalid.
 */
const ScoreCellView = memo(function ScoreCellView(props: ScoreCellViewProps) {
  const { cellId } = props;
  const errorId = `${cellId}-error`;
  return (
    <td data-testid="score-cell" data-state={props.state} data-key={cellId} className={props.italic ? 'cell unpublished' : 'cell'} title={props.title || undefined}>
      <input
        data-key={cellId}
        data-r={props.row}
        data-c={props.col}
        value={props.text}
        readOnly={props.readOnly}
        inputMode="decimal"
        autoComplete="off"
        aria-label={props.label}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(cellId, event.target.value)}
        onKeyDown={props.onKeyDown}
        onFocus={(event) => {
          props.onFocus(cellId, props.row, props.col);
          event.currentTarget.select();
        }}
        onBlur={() => props.onBlur(cellId)}
        onPaste={props.onPaste}
      />
      {props.error ? (
        <div className="error" id={errorId} role="alert" data-testid="score-cell-error">
          {props.error}
        </div>
      ) : null}
    </td>
  );
});

/** column widths (rem): the table's layout is fixed, its width their sum */
const NAME_REM = 8;
const NO_REM = 7;
const SCORE_REM = 6;
const TOTAL_REM = 5.5;

const GRID_CSS = {
  '& table': { borderCollapse: 'separate', borderSpacing: 0, tableLayout: 'fixed', fontSize: 'sm' },
  '& col.c-name': { width: `${NAME_REM}rem` },
  '& col.c-no': { width: `${NO_REM}rem` },
  '& col.c-score': { width: `${SCORE_REM}rem` },
  '& col.c-total': { width: `${TOTAL_REM}rem` },
  '& th, & td': { borderBottomWidth: '1px', borderColor: 'border.muted', px: '2', py: '1', textAlign: 'start', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', bg: 'bg' },
  '& thead th': { fontWeight: 'semibold', bg: 'bg.muted', position: 'sticky', top: 0, zIndex: 1 },
  '& thead th .full': { display: 'block', fontWeight: 'normal', fontSize: 'xs', color: 'fg.muted' },
  '& .sticky': { position: 'sticky', left: 0, zIndex: 2, bg: 'bg', borderRightWidth: '1px', fontWeight: 'medium', maxW: '9rem', overflow: 'hidden', textOverflow: 'ellipsis' },
  '& thead .sticky': { zIndex: 3, bg: 'bg.muted' },
  '& .no': { color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
  '& td.cell': { p: '0.5', position: 'relative' },
  '& input': {
    width: '5rem',
    h: '9',
    px: '2',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l1',
    bg: 'bg',
    fontVariantNumeric: 'tabular-nums',
    textAlign: 'end',
    outline: 'none',
  },
  '& input:focus': { borderColor: 'colorPalette.solid', boxShadow: '0 0 0 2px var(--chakra-colors-brand-solid, #3b82f6)' },
  '& input[readonly]': { bg: 'bg.subtle', borderColor: 'transparent' },
  '& input[aria-invalid=true]': { borderColor: 'border.error', bg: 'bg.error' },
  '& .unpublished input': { fontStyle: 'italic' },
  '& td.cell::after': { content: '""', position: 'absolute', top: '1.5', left: '1.5', w: '2', h: '2', borderRadius: 'full', pointerEvents: 'none' },
  '& td.cell[data-state=queued]::after': { bg: 'yellow.500' },
  '& td.cell[data-state=saved]::after': { bg: 'green.500' },
  '& td.cell[data-state=conflict]::after, & td.cell[data-state=failed]::after': { bg: 'red.600' },
  '& .error': { color: 'fg.error', fontSize: 'xs', whiteSpace: 'normal', pt: '0.5' },
  '& tfoot th, & tfoot td': { bg: 'bg.subtle', fontVariantNumeric: 'tabular-nums', color: 'fg.muted' },
  '& .total': { fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' },
} as const;
