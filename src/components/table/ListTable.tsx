import { DataTable, type DataTableProps } from './DataTable';

export type ListTableProps<Row> = Omit<DataTableProps<Row>, 'total' | 'page' | 'size' | 'sizes' | 'onPageChange' | 'sort' | 'onSortChange' | 'refreshing'>;

const noPaging = () => undefined;

/**
 * A whole list in one table: settings lists and summaries the server answers at once (no paging;
 * the footer still says how many).
 */
export function ListTable<Row>(props: ListTableProps<Row>) {
  const size = Math.max(500, props.rows.length);
  return <DataTable {...props} total={props.rows.length} page={0} size={size} sizes={[size]} onPageChange={noPaging} />;
}
