import { Box, chakra, Flex, Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { memo, type Key, type ReactNode } from 'react';
import type { DataTableColumn } from './DataTable';
import { CardActions, type RowAction } from './row-actions';

/** The columns of a card: its title, its key fields (label: value), the selection checkbox and the actions cell. */
export interface CardLayout<Row> {
  select?: DataTableColumn<Row>;
  title?: DataTableColumn<Row>;
  fields: DataTableColumn<Row>[];
  /** a screen's own action column (JSX), when it declares no `actions` */
  actionsColumn?: DataTableColumn<Row>;
}

const isAction = (column: { key: string }) => column.key === 'actions';

/**
 * Which columns a card shows. The title is the column marked `card: 'title'`, else the first data column;
 * the fields are those marked `card: 'key'`, else every other data column the table shows on phones
 * (no `hideBelow`, not `card: 'hidden'`).
 */
export function cardLayout<Row>(columns: readonly DataTableColumn<Row>[]): CardLayout<Row> {
  const data = columns.filter((column) => column.key !== 'select' && !isAction(column));
  const title = data.find((column) => column.card === 'title') ?? data.find((column) => column.card !== 'hidden');
  const marked = data.filter((column) => column.card === 'key');
  const fields = marked.length > 0 ? marked : data.filter((column) => column !== title && column.card !== 'hidden' && !column.hideBelow);
  return {
    select: columns.find((column) => column.key === 'select'),
    title,
    fields,
    actionsColumn: columns.find(isAction),
  };
}

export const cellContent = <Row,>(column: DataTableColumn<Row>, row: Row, index: number): ReactNode =>
  column.render ? column.render(row, index) : String((row as Record<string, unknown>)[column.key] ?? '');

interface CardProps<Row> {
  row: Row;
  index: number;
  layout: CardLayout<Row>;
  actions?: (row: Row, index: number) => readonly RowAction[];
  attributes?: Record<string, string | undefined>;
}

function RowCardImpl<Row>({ row, index, layout, actions, attributes }: CardProps<Row>) {
  const { select, title, fields, actionsColumn } = layout;
  return (
    <chakra.li listStyleType="none" bg="bg" borderBottomWidth="1px" px="3" py="2" {...attributes}>
      <Stack gap="1.5">
        <Flex gap="2" align="center">
          {select && <Box flexShrink={0}>{select.render?.(row, index)}</Box>}
          {title && (
            <Box fontWeight="semibold" minW="0" flex="1" overflowWrap="anywhere">
              {cellContent(title, row, index)}
            </Box>
          )}
        </Flex>
        {fields.length > 0 && (
          <chakra.dl display="grid" gridTemplateColumns="minmax(4.5rem, auto) 1fr" columnGap="3" rowGap="1" fontSize="sm">
            {fields.map((column) => (
              <Box key={column.key} display="contents">
                <chakra.dt color="fg.muted">{column.title}</chakra.dt>
                <chakra.dd minW="0" overflowWrap="anywhere">
                  {cellContent(column, row, index)}
                </chakra.dd>
              </Box>
            ))}
          </chakra.dl>
        )}
        {actions ? <CardActions actions={actions(row, index)} /> : actionsColumn && <Box css={{ '& > *': { flexWrap: 'wrap' } }}>{cellContent(actionsColumn, row, index)}</Box>}
      </Stack>
    </chakra.li>
  );
}
const RowCard = memo(
  RowCardImpl,
  (a, b) => a.row === b.row && a.index === b.index && a.layout === b.layout && a.actions === b.actions && shallowEqual(a.attributes, b.attributes),
) as typeof RowCardImpl;

export function shallowEqual(a?: Record<string, unknown>, b?: Record<string, unknown>): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

export interface RowCardsProps<Row> {
  layout: CardLayout<Row>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowProps?: (row: Row, index: number) => Record<string, string | undefined>;
  actions?: (row: Row, index: number) => readonly RowAction[];
  loading?: boolean;
  refreshing?: boolean;
  emptyText?: ReactNode;
  label?: string;
  testId?: string;
}

/** The rows of a DataTable on a phone: one card each (title, key fields, the primary action and 更多). */
export function RowCards<Row>({ layout, rows, rowKey, rowProps, actions, loading, refreshing, emptyText, label, testId }: RowCardsProps<Row>) {
  return (
    <Box data-testid={testId} data-cards="" aria-busy={refreshing || undefined} opacity={refreshing ? 0.6 : undefined}>
      {layout.select && rows.length > 0 && (
        <Flex px="3" py="2" borderBottomWidth="1px" align="center" gap="2" fontSize="sm" color="fg.muted">
          {layout.select.title}
        </Flex>
      )}
      {rows.length === 0 ? (
        <Box py="8" textAlign="center" color="fg.muted" data-testid="table-empty">
          {loading ? <Trans>加载中…</Trans> : (emptyText ?? <Trans>暂无数据</Trans>)}
        </Box>
      ) : (
        <chakra.ul aria-label={label} m="0" p="0">
          {rows.map((row, index) => (
            <RowCard key={rowKey(row, index)} row={row} index={index} layout={layout} actions={actions} attributes={rowProps?.(row, index)} />
          ))}
        </chakra.ul>
      )}
    </Box>
  );
}
