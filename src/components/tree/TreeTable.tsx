import { Box, Button, chakra, HStack, Table, VisuallyHidden } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLingui } from '@lingui/react/macro';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from '../icons';
import { rowActionsCss, type DataTableColumn } from '../table/DataTable';
import { InlineActions, MoreActions, type RowAction } from '../table/row-actions';
import { cellContent } from '../table/RowCards';
import { belowQuery, useMediaQuery, type Breakpoint } from '../table/use-media';
import { defaultChildrenOf, flattenTree, isInSubtree, parentIds, projectDrop, visibleNodes, type ChildrenOf, type DropProjection, type FlatNode } from './tree-utils';

/** Indentation of one level, in pixels (also one keyboard step left / right while dragging). */
export const TREE_INDENT = 20;

export interface TreeMove {
  /** the new parent (null = top level) */
  parentId: string | null;
  /** position among the new parent's children, the moved node left out */
  index: number;
}

export interface TreeTableProps<Row> {
  /** the top-level rows; children through `childrenOf` (default `row.children`) */
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  childrenOf?: ChildrenOf<Row>;
  /**
   * like DataTable's (no sorting: the tree has its own order). Below `compactBelow` only the tree column,
   * the columns marked `card: 'key'` and a column keyed `actions` are shown.
   */
  columns: readonly DataTableColumn<Row>[];
  /** the column that carries the indentation and the expand toggle (default the first) */
  treeColumn?: string;
  /** names a row in its controls' labels and in the drag announcements */
  rowLabel: (row: Row) => string;
  /** first render: every node open ('all', the default) or the nodes above this depth */
  defaultExpanded?: 'all' | number;
  /** every node open and the toggles hidden (e.g. while a filter is active) */
  forceExpanded?: boolean;
  loading?: boolean;
  /** replaces 暂无数据 */
  emptyText?: ReactNode;
  /** with it, each row gets a drag handle: reorder among siblings, or move under another node (horizontal offset = depth) */
  onMove?: (id: string, move: TreeMove) => void;
  /** whether `dragged` may be placed under `parent` (null = top level); a refused place is shown and not dropped */
  canDrop?: (dragged: Row, parent: Row | null) => boolean;
  /** hides the handles (e.g. no permission, or a filter is active) */
  dragDisabled?: boolean;
  /** extra attributes of a body row (data-testid…) */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  /**
   * What can be done to a row, declared once as DataTable's (keep it stable): buttons in the pinned 操作
   * column; below `compactBelow` one 更多 menu per row (the dangerous ones apart at the bottom).
   */
  actions?: (row: Row) => readonly RowAction[];
  /** below this width (default 'md', phones) the secondary columns go and the actions fold into 更多; false: never */
  compactBelow?: Breakpoint | false;
  /** content beside the expand-all / collapse-all buttons */
  toolbar?: ReactNode;
  'data-testid'?: string;
}

const bodyCss = {
  '& tbody > tr': { bg: 'bg', _hover: { bg: 'colorPalette.subtle' } },
  '& tbody > tr > td': { px: '2', py: '1.5', borderBottomWidth: '1px', textAlign: 'start', verticalAlign: 'middle' },
  '& tbody > tr[data-dragging]': { bg: 'bg.muted', boxShadow: 'md', position: 'relative', zIndex: 2 },
  '& tbody > tr[data-refused] > td': { bg: 'bg.error' },
  '& [data-align=center]': { textAlign: 'center' },
  '& [data-align=end]': { textAlign: 'end' },
  '& [data-nowrap]': { whiteSpace: 'nowrap' },
  '& td[data-muted]': { color: 'fg.muted' },
  '& [data-hide-below=sm]': { smDown: { display: 'none' } },
  '& [data-hide-below=md]': { mdDown: { display: 'none' } },
  '& [data-hide-below=lg]': { lgDown: { display: 'none' } },
  // on a phone a long name breaks anywhere rather than widen the table (Chakra's reset gives every element break-word, which does not narrow a column)
  '&[data-compact] td[data-tree-cell], &[data-compact] td[data-tree-cell] *': { overflowWrap: 'anywhere' },
  ...rowActionsCss,
  // touch screens: the toggles grow to 44 px with the row's other buttons; a leaf's blank keeps in line with them
  '@media (pointer: coarse)': { ...rowActionsCss['@media (pointer: coarse)'], '& [data-toggle-space]': { minW: '11' } },
} as const;

const ACTIONS_KEY = 'actions';

const HandleIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
    {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </svg>
);

/** Up / down move over the rows; left / right change the depth by one level (the sortable-tree keyboard model). */
const treeKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === KeyboardCode.Left || event.code === KeyboardCode.Right) {
    event.preventDefault();
    const step = event.code === KeyboardCode.Left ? -TREE_INDENT : TREE_INDENT;
    return { ...args.currentCoordinates, x: args.currentCoordinates.x + step };
  }
  return sortableKeyboardCoordinates(event, args);
};

interface RowViewProps<Row> {
  node: FlatNode<Row>;
  position: number;
  depth: number;
  columns: readonly DataTableColumn<Row>[];
  treeColumn: string;
  open: boolean;
  showToggle: boolean;
  onToggle: (id: string) => void;
  draggable: boolean;
  refused: boolean;
  attributes?: Record<string, string | undefined>;
  toggleLabel: string;
  handleLabel: string;
}

function TreeRowImpl<Row>({ node, position, depth, columns, treeColumn, open, showToggle, onToggle, draggable, refused, attributes, toggleLabel, handleLabel }: RowViewProps<Row>) {
  const { attributes: dragAttributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: node.id, disabled: !draggable });
  return (
    <tr
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
      data-refused={(isDragging && refused) || undefined}
      data-depth={depth}
      data-id={node.id}
      {...attributes}
    >
      {draggable && (
        <td style={{ width: 40 }}>
          <chakra.button
            type="button"
            ref={setActivatorNodeRef}
            {...dragAttributes}
            {...listeners}
            aria-label={handleLabel}
            cursor="grab"
            touchAction="none"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            minW="8"
            minH="8"
            borderRadius="l1"
            color="fg.muted"
            _hover={{ bg: 'bg.muted' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
            data-testid="tree-handle"
          >
            <HandleIcon />
          </chakra.button>
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.key}
          data-align={column.align}
          data-nowrap={column.nowrap || undefined}
          data-hide-below={column.hideBelow}
          data-muted={column.muted || undefined}
          data-pin={column.key === ACTIONS_KEY || undefined}
          data-tree-cell={column.key === treeColumn || undefined}
          style={column.minWidth !== undefined ? { minWidth: column.minWidth } : undefined}
        >
          {column.key === treeColumn ? (
            <HStack gap="1" style={{ paddingInlineStart: depth * TREE_INDENT }}>
              {showToggle && node.childCount > 0 ? (
                <chakra.button
                  type="button"
                  aria-expanded={open}
                  aria-label={toggleLabel}
                  onClick={() => onToggle(node.id)}
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="8"
                  flexShrink={0}
                  borderRadius="l1"
                  _hover={{ bg: 'bg.muted' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
                  data-testid="tree-toggle"
                >
                  {open ? <ChevronDownIcon boxSize="4" /> : <ChevronRightIcon boxSize="4" />}
                </chakra.button>
              ) : (
                <Box boxSize="8" flexShrink={0} data-toggle-space="" />
              )}
              <Box minW="0">{cellContent(column, node.row, position)}</Box>
            </HStack>
          ) : (
            cellContent(column, node.row, position)
          )}
        </td>
      ))}
    </tr>
  );
}
const TreeRow = memo(TreeRowImpl) as typeof TreeRowImpl;

/**
 * A table of a tree (SPEC §2 paginated-table look, no pager): rows indented by depth, a toggle per
 * parent and expand-all / collapse-all, DataTable-like columns, loading and empty texts. With
 * `onMove` each row has a drag handle (@dnd-kit: pointer, touch, keyboard: Space picks up, ↑/↓ move,
 * ←/→ change the level, Space drops, Esc cancels; announcements in the current language): dropping
 * reorders among siblings or moves under another node; `canDrop` refuses a place (shown, not dropped).
 */
export function TreeTable<Row>({
  rows,
  rowKey,
  childrenOf = defaultChildrenOf,
  columns,
  treeColumn,
  rowLabel,
  defaultExpanded = 'all',
  forceExpanded,
  loading,
  emptyText,
  onMove,
  canDrop,
  dragDisabled,
  rowProps,
  actions,
  compactBelow = 'md',
  toolbar,
  'data-testid': testId,
}: TreeTableProps<Row>) {
  const { t } = useLingui();
  const narrow = useMediaQuery(belowQuery(compactBelow || 'sm')) && compactBelow !== false;
  const nodes = useMemo(() => flattenTree(rows, rowKey, childrenOf), [rows, rowKey, childrenOf]);
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node] as const)), [nodes]);
  // what the user opened or closed; the rest follow defaultExpanded (rows arriving later too)
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isExpanded = useCallback(
    (id: string) => {
      if (forceExpanded) return true;
      const chosen = toggled.get(id);
      if (chosen !== undefined) return chosen;
      return defaultExpanded === 'all' || (byId.get(id)?.depth ?? 0) < defaultExpanded;
    },
    [toggled, forceExpanded, defaultExpanded, byId],
  );
  const toggle = useCallback((id: string) => setToggled((current) => new Map(current).set(id, !isExpanded(id))), [isExpanded]);
  const setAll = (open: boolean) => setToggled(new Map(parentIds(nodes).map((id) => [id, open] as const)));

  const [activeId, setActiveId] = useState<string | null>(null);
  const [overId, setOverId] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);

  const shown = useMemo(() => {
    const list = visibleNodes(nodes, isExpanded);
    if (!activeId) return list;
    // while dragging, the dragged node's subtree travels with it
    return list.filter((node) => node.id === activeId || !isInSubtree(nodes, activeId, node.id));
  }, [nodes, isExpanded, activeId]);

  const projection: DropProjection | null = useMemo(
    () => (activeId && overId ? projectDrop(shown, nodes, activeId, overId, Math.round(offsetX / TREE_INDENT)) : null),
    [shown, nodes, activeId, overId, offsetX],
  );
  const allowed = (projection: DropProjection | null, id: string | null): boolean => {
    if (!projection || !id) return false;
    if (isInSubtree(nodes, id, projection.parentId)) return false;
    const dragged = byId.get(id);
    if (!dragged) return false;
    const parent = projection.parentId === null ? null : (byId.get(projection.parentId)?.row ?? null);
    return canDrop ? canDrop(dragged.row, parent) : true;
  };
  const dropAllowed = allowed(projection, activeId);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: treeKeyboardCoordinates }),
  );
  const reset = () => {
    offsetRef.current = 0;
    setActiveId(null);
    setOverId(null);
    setOffsetX(0);
  };
  const onDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setOverId(String(active.id));
    setOffsetX(0);
  };
  const offsetRef = useRef(0);
  const onDragMove = ({ delta }: DragMoveEvent) => {
    offsetRef.current = delta.x;
    setOffsetX(delta.x);
  };
  const onDragOver = ({ over }: DragOverEvent) => setOverId(over ? String(over.id) : null);
  const onDragEnd = ({ active }: DragEndEvent) => {
    const id = String(active.id);
    const landing = projection;
    const ok = allowed(landing, id);
    reset();
    const node = byId.get(id);
    if (!landing || !ok || !node || !onMove) return;
    if (landing.parentId === node.parentId && landing.index === node.index) return;
    onMove(id, { parentId: landing.parentId, index: landing.index });
  };

  const labelOf = (id: unknown) => {
    const node = byId.get(String(id));
    return node ? rowLabel(node.row) : '';
  };
  const parentLabel = (parentId: string | null) => (parentId === null ? t`顶层` : labelOf(parentId));
  // the place a drag would land, said as it changes (computed from the event: state lags one render)
  const placeText = (active: UniqueIdentifier, over: UniqueIdentifier | undefined) => {
    if (over === undefined) return undefined;
    const landing = projectDrop(shown, nodes, String(active), String(over), Math.round(offsetRef.current / TREE_INDENT));
    if (!landing) return undefined;
    const parent = parentLabel(landing.parentId);
    const place = landing.index + 1;
    return allowed(landing, String(active)) ? t`将放在 ${parent} 下第 ${place} 位` : t`不能放在 ${parent} 下`;
  };
  // what a screen reader hears (dnd-kit's own are English only)
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const name = labelOf(active.id);
      return t`已拿起 ${name}`;
    },
    onDragOver: ({ active, over }) => placeText(active.id, over?.id),
    onDragMove: ({ active, over }) => placeText(active.id, over?.id),
    onDragEnd: ({ active }) => {
      const name = labelOf(active.id);
      return t`已放下 ${name}`;
    },
    onDragCancel: () => t`已取消拖动，位置未变`,
  };

  const draggable = Boolean(onMove) && !dragDisabled && !forceExpanded;
  const tree = treeColumn ?? columns[0]?.key ?? '';
  const actionsTitle = t`操作`;
  const moreLabel = useCallback((row: Row) => {
    const name = rowLabel(row);
    return t`更多：${name}`;
  }, [rowLabel, t]);
  // a phone keeps the name (indented, with its toggle) and the actions; the screen's widths are the laptop's
  const shownColumns = useMemo((): readonly DataTableColumn<Row>[] => {
    const kept = narrow
      ? columns.filter((column) => column.key === tree || column.key === ACTIONS_KEY || column.card === 'key').map((column) => ({ ...column, width: undefined, minWidth: undefined }))
      : columns;
    if (!actions) return kept;
    const render = narrow ? (row: Row) => <MoreActions actions={actions(row)} label={moreLabel(row)} /> : (row: Row) => <InlineActions actions={actions(row)} />;
    return [...kept, { key: ACTIONS_KEY, title: actionsTitle, nowrap: true, render }];
  }, [columns, narrow, tree, actions, actionsTitle, moreLabel]);
  const ids = useMemo(() => shown.map((node) => node.id), [shown]);

  const body = (
    <tbody>
      {shown.length === 0 ? (
        <tr>
          <td colSpan={shownColumns.length + (draggable ? 1 : 0)} data-align="center">
            <Box py="8" color="fg.muted" data-testid="table-empty">
              {loading ? t`加载中…` : (emptyText ?? t`暂无数据`)}
            </Box>
          </td>
        </tr>
      ) : (
        shown.map((node, position) => {
          const label = rowLabel(node.row);
          const open = isExpanded(node.id);
          const depth = node.id === activeId && projection ? projection.depth : node.depth;
          return (
            <TreeRow
              key={node.id}
              node={node}
              position={position}
              depth={depth}
              columns={shownColumns}
              treeColumn={tree}
              open={open}
              showToggle={!forceExpanded}
              onToggle={toggle}
              draggable={draggable}
              // only the dragged row shows a refusal: the other memoised rows stay as they are while dragging
              refused={node.id === activeId && !dropAllowed}
              attributes={rowProps?.(node.row)}
              toggleLabel={open ? t`收起 ${label}` : t`展开 ${label}`}
              handleLabel={t`拖动 ${label}`}
            />
          );
        })
      )}
    </tbody>
  );

  // a plain table: the toggles say expanded / collapsed and whose they are, the handles whose they are
  const table = (
    <Table.Root size="sm" css={bodyCss} data-compact={narrow || undefined} aria-busy={loading || undefined}>
      <Table.Header>
        <Table.Row bg="bg">
          {draggable && (
            // a header's name must be text (axe empty-table-header): shown to screen readers only
            <Table.ColumnHeader width="10">
              <VisuallyHidden>{t`拖动`}</VisuallyHidden>
            </Table.ColumnHeader>
          )}
          {shownColumns.map((column) => (
            <Table.ColumnHeader
              key={column.key}
              width={column.width}
              minW={column.minWidth}
              textAlign={column.align}
              whiteSpace={column.nowrap ? 'nowrap' : undefined}
              wordBreak="keep-all"
              hideBelow={column.hideBelow}
              data-pin={column.key === ACTIONS_KEY || undefined}
            >
              {column.title}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      {body}
    </Table.Root>
  );

  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="l2" overflow="hidden" data-testid={testId}>
      <HStack px="3" py="2" gap="2" borderBottomWidth="1px" wrap="wrap">
        {!forceExpanded && (
          <>
            <Button size="xs" variant="outline" onClick={() => setAll(true)} data-testid="tree-expand-all">
              {t`展开全部`}
            </Button>
            <Button size="xs" variant="outline" onClick={() => setAll(false)} data-testid="tree-collapse-all">
              {t`收起全部`}
            </Button>
          </>
        )}
        {toolbar}
      </HStack>
      {/* wraps between words (Chakra's scroll area sets nowrap), so the tree keeps to a laptop's width; the a11y walk checks the marked container */}
      <Table.ScrollArea data-list-container="" whiteSpace="normal">
        {draggable ? (
          // around the table, not inside it: dnd-kit's instructions and live region are <div>s
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragStart={onDragStart}
            onDragMove={onDragMove}
            onDragOver={onDragOver}
            onDragEnd={onDragEnd}
            onDragCancel={reset}
            accessibility={{ screenReaderInstructions: { draggable: t`按空格键拿起，用上下方向键移动，左右方向键改变层级，再按空格键放下，按 Esc 取消。` }, announcements }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              {table}
            </SortableContext>
          </DndContext>
        ) : (
          table
        )}
      </Table.ScrollArea>
    </Box>
  );
}
