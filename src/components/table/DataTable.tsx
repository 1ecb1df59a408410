import { Box, chakra, Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo, useMemo, useRef, type Key, type ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contracts/envelope';
import { ChevronDownIcon } from '../icons';
import { TablePager } from '../TablePager';
import { InlineActions, type RowAction } from './row-actions';
import { cardLayout, cellContent, RowCards, shallowEqual } from './RowCards';
import { squeezedTableCss, useSqueezedTable } from './squeeze';
import type { TableSort } from './table-query';
import { TruncatedText } from './TruncatedText';
import { belowQuery, useMediaQuery, type Breakpoint } from './use-media';

export type { RowAction } from './row-actions';

export interface DataTableColumn<Row> {
  key: string;
  title: ReactNode;
  /** the cell's content; default: `row[key]` as text */
  render?: (row: Row, index: number) => ReactNode;
  /** a click on the header cycles asc → desc → none and calls `onSortChange` with this key */
  sortable?: boolean;
  width?: string | number;
  minWidth?: string | number;
  align?: 'start' | 'center' | 'end';
  /** keep the cell on one line */
  nowrap?: boolean;
  /** hide the column on narrow screens (below this breakpoint) */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** muted text colour for secondary columns */
  muted?: boolean;
  /**
   * Long text on one line, cut with an ellipsis at `maxWidth` (default 16rem), the whole text in a tooltip
   * on hover: the table keeps to the screen's width at laptop sizes.
   */
  truncate?: boolean;
  /** the widest the cell's text may be (with `truncate`) */
  maxWidth?: string | number;
  /**
   * Its place in a phone's card: 'title' (the card's heading; default: the first column), 'key' (a
   * label: value line; when no column is marked, every column shown on phones is one), 'hidden'.
   */
  card?: 'title' | 'key' | 'hidden';
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  total: number;
  /** zero-based */
  page: number;
  size?: number;
  sizes?: readonly number[];
  sort?: TableSort | null;
  /** a new page (zero-based) or size; a new size comes with page 0 */
  onPageChange: (page: number, size: number) => void;
  onSortChange?: (sort: TableSort | null) => void;
  /** first load: shows the loading text instead of the empty text */
  loading?: boolean;
  /** a new page is loading while the old one is shown: dims the rows, disables the pager */
  refreshing?: boolean;
  rowKey: (row: Row, index: number) => Key;
  /** extra attributes of a body row (e.g. data-testid, data-status) */
  rowProps?: (row: Row, index: number) => Record<string, string | undefined>;
  /** the header stays in view while the rows scroll (set `maxHeight` for a scrolling body) */
  stickyHeader?: boolean;
  /** the pager bar stays at the bottom of the viewport while a long page scrolls */
  stickyFooter?: boolean;
  /** height of the scrolling body (e.g. '60vh'); without it the page scrolls */
  maxHeight?: string;
  /** replaces 暂无数据 */
  emptyText?: ReactNode;
  /** rows under the body (sums), inside `<tfoot>` */
  footer?: ReactNode;
  /** replaces the TablePager under the table (e.g. a KeysetPager) */
  pager?: ReactNode;
  /** the table's name for screen readers; also names its pager (a page with two tables needs it) */
  label?: string;
  /**
   * What a row's person can do, declared once: buttons in the pinned 操作 column; on phones the card's
   * primary button and the rest under 更多 (dangerous ones apart at the bottom). Keep it stable (useCallback).
   */
  actions?: (row: Row, index: number) => readonly RowAction[];
  /** below this width each row is a card (default 'md', i.e. phones); false: always a table */
  cardsBelow?: Breakpoint | false;
  'data-testid'?: string;
}

const nextSort = (sort: TableSort | null | undefined, field: string): TableSort | null => {
  if (!sort || sort.field !== field) return { field, order: 'asc' };
  return sort.order === 'asc' ? { field, order: 'desc' } : null;
};

/** The pinned 操作 cells (`data-pin`) and 44 px row buttons on touch screens; the tree table's too. */
export const rowActionsCss = {
  // the action column stays in view when the table is wider than the screen
  '& [data-pin]': { position: 'sticky', insetInlineEnd: '0', bg: 'bg', zIndex: 1, boxShadow: '-1px 0 0 0 var(--chakra-colors-border)' },
  '& th[data-pin]': { zIndex: 2 },
  '& tbody > tr:hover > td[data-pin]': { bg: 'colorPalette.subtle' },
  // touch screens: a row's buttons are 44 px targets
  '@media (pointer: coarse)': { '& td button': { minH: '11', minW: '11' } },
} as const;

/**
 * Body cells are plain `<td>`s styled once from the root (no Chakra component per cell), and rows are
 * memoised, so pages of 500 rows render and re-render cheaply.
 */
const bodyCss = {
  '& tbody > tr': { bg: 'bg', _hover: { bg: 'colorPalette.subtle' } },
  '& tbody > tr > td': { px: '2', py: '2', borderBottomWidth: '1px', textAlign: 'start', verticalAlign: 'middle' },
  '& [data-align=center]': { textAlign: 'center' },
  '& [data-align=end]': { textAlign: 'end' },
  '& [data-nowrap]': { whiteSpace: 'nowrap' },
  '& td[data-muted]': { color: 'fg.muted' },
  '& [data-hide-below=sm]': { smDown: { display: 'none' } },
  '& [data-hide-below=md]': { mdDown: { display: 'none' } },
  '& [data-hide-below=lg]': { lgDown: { display: 'none' } },
  '&[aria-busy=true] tbody': { opacity: 0.6, transition: 'opacity 0.2s' },
  ...rowActionsCss,
} as const;

const ACTIONS_KEY = 'actions';
const DEFAULT_TRUNCATE_WIDTH = '16rem';

interface RowProps<Row> {
  row: Row;
  index: number;
  columns: readonly DataTableColumn<Row>[];
  attributes?: Record<string, string | undefined>;
}

function DataRowImpl<Row>({ row, index, columns, attributes }: RowProps<Row>) {
  return (
    <tr {...attributes}>
      {columns.map((column) => (
        <td
          key={column.key}
          data-align={column.align}
          data-nowrap={column.nowrap || undefined}
          data-hide-below={column.hideBelow}
          data-muted={column.muted || undefined}
          data-pin={column.key === ACTIONS_KEY || undefined}
          style={column.minWidth !== undefined ? { minWidth: column.minWidth } : undefined}
        >
          {column.truncate ? <TruncatedText maxWidth={column.maxWidth ?? DEFAULT_TRUNCATE_WIDTH}>{cellContent(column, row, index)}</TruncatedText> : cellContent(column, row, index)}
        </td>
      ))}
    </tr>
  );
}
const DataRow = memo(DataRowImpl, (a, b) => a.row === b.row && a.index === b.index && a.columns === b.columns && shallowEqual(a.attributes, b.attributes)) as typeof DataRowImpl;

/**
 * The paginated table of SPEC §2 / §9: columns with optional sorting, loading and empty states, the
 * pager (total, sizes 10…500, prev, 7 buttons, next, jumper), optional sticky header and footer.
 * Presentational: the screen holds page, size, sort (typically in its URL) and the rows
 * (`useTableQuery` for the generic table A/B contracts, or any query).
 */
export function DataTable<Row>({
  columns,
  rows,
  total,
  page,
  size = DEFAULT_PAGE_SIZE,
  sizes = PAGE_SIZES,
  sort,
  onPageChange,
  onSortChange,
  loading,
  refreshing,
  rowKey,
  rowProps,
  stickyHeader,
  stickyFooter,
  maxHeight,
  emptyText,
  footer,
  pager,
  label,
  actions,
  cardsBelow = 'md',
  'data-testid': testId,
}: DataTableProps<Row>) {
  const { t } = useLingui();
  const actionsTitle = t`操作`;
  const shownColumns = useMemo(
    (): readonly DataTableColumn<Row>[] =>
      actions ? [...columns, { key: ACTIONS_KEY, title: actionsTitle, nowrap: true, render: (row, index) => <InlineActions actions={actions(row, index)} /> }] : columns,
    [columns, actions, actionsTitle],
  );
  const narrow = useMediaQuery(belowQuery(cardsBelow || 'sm'));
  const cards = cardsBelow !== false && narrow;
  const areaRef = useRef<HTMLDivElement>(null);
  useSqueezedTable(areaRef, !cards, rows);
  const layout = useMemo(() => cardLayout(columns), [columns]);
  const pagerBar = (
    <Box
      borderTopWidth="1px"
      px="3"
      py="3"
      bg="bg.panel"
      borderBottomRadius="l2"
      {...(stickyFooter ? { position: 'sticky', bottom: '0', zIndex: 2 } : {})}
    >
      {pager ?? <TablePager total={total} page={page} size={size} sizes={sizes} disabled={refreshing} label={label} onChange={onPageChange} />}
    </Box>
  );
  if (cards) {
    return (
      <Box bg="bg.panel" borderWidth="1px" borderRadius="l2" overflow={stickyFooter ? undefined : 'hidden'} data-list-container="">
        <RowCards layout={layout} rows={rows} rowKey={rowKey} rowProps={rowProps} actions={actions} loading={loading} refreshing={refreshing} emptyText={emptyText} label={label} testId={testId} />
        {pagerBar}
      </Box>
    );
  }
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="l2" overflow={stickyFooter ? undefined : 'hidden'}>
      {/* Chakra's scroll area sets nowrap for the whole table: cells and headers wrap between words again (only `nowrap` columns keep to one line), so a table fits a laptop's width */}
      <Table.ScrollArea ref={areaRef} data-list-container="" css={squeezedTableCss} maxH={maxHeight} overflowY={maxHeight ? 'auto' : undefined} whiteSpace="normal">
        <Table.Root size="sm" stickyHeader={stickyHeader} data-testid={testId} aria-label={label} aria-busy={refreshing || undefined} css={bodyCss}>
          <Table.Header>
            <Table.Row bg="bg">
              {shownColumns.map((column) => {
                const direction = sort && sort.field === column.key ? sort.order : null;
                const sortable = column.sortable && onSortChange;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    width={column.width}
                    minW={column.minWidth}
                    textAlign={column.align}
                    whiteSpace={column.nowrap || sortable ? 'nowrap' : undefined}
                    wordBreak="keep-all"
                    hideBelow={column.hideBelow}
                    data-pin={column.key === ACTIONS_KEY || undefined}
                    aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {sortable ? (
                      <chakra.button
                        type="button"
                        display="inline-flex"
                        alignItems="center"
                        gap="1"
                        cursor="pointer"
                        fontWeight="inherit"
                        _hover={{ color: 'brand.fg' }}
                        color={direction ? 'brand.fg' : undefined}
                        data-sort={direction ?? undefined}
                        onClick={() => onSortChange(nextSort(sort, column.key))}
                      >
                        {column.title}
                        <Box as="span" display="inline-flex" flexDirection="column" lineHeight="0" aria-hidden>
                          <ChevronDownIcon boxSize="3" transform="rotate(180deg)" opacity={direction === 'asc' ? 1 : 0.35} />
                          <ChevronDownIcon boxSize="3" mt="-1" opacity={direction === 'desc' ? 1 : 0.35} />
                        </Box>
                      </chakra.button>
                    ) : (
                      column.title
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={shownColumns.length} data-align="center">
                  <Box py="8" color="fg.muted" data-testid="table-empty">
                    {loading ? <Trans>加载中…</Trans> : (emptyText ?? <Trans>暂无数据</Trans>)}
                  </Box>
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <DataRow key={rowKey(row, index)} row={row} index={index} columns={shownColumns} attributes={rowProps?.(row, index)} />
              ))
            )}
          </tbody>
          {footer && <Table.Footer>{footer}</Table.Footer>}
        </Table.Root>
      </Table.ScrollArea>
      {pagerBar}
    </Box>
  );
}
