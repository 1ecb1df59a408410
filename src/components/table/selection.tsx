import { chakra, type HTMLChakraProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './DataTable';

/**
 * Row selection for tables: one checkbox look (`SelectCheckbox`, a native checkbox: keyboard, forms
 * and screen readers for free) and one column (`selectionColumn`) with select-all in the header and a
 * checkbox per row. DataTable itself has no selection: a screen keeps the selected ids in its state
 * and passes them here. Labels come from the screen (its own catalog): every checkbox is named.
 */
export type SelectCheckboxProps = Omit<HTMLChakraProps<'input'>, 'type'>;

export function SelectCheckbox(props: SelectCheckboxProps) {
  return <chakra.input type="checkbox" boxSize="5" flexShrink={0} accentColor="var(--chakra-colors-brand-solid)" {...props} />;
}

/**
 * A table's checkbox keeps its 20 px look; on touch screens the label around it is the 44 px target
 * (it adds no words: the checkbox keeps its own name).
 */
function TouchTarget({ children }: { children: ReactNode }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" justifyContent="center" cursor="pointer" verticalAlign="middle" css={{ '@media (pointer: coarse)': { minW: '11', minH: '11' } }}>
      {children}
    </chakra.label>
  );
}

/** The set with `id` added (on) or removed. */
export function toggledSelection(selected: ReadonlySet<string>, id: string, on: boolean): ReadonlySet<string> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

export interface SelectionColumnOptions<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  selected: ReadonlySet<string>;
  /** the new selection (a row ticked or unticked; select-all: every selectable row of the page, or none) */
  onChange: (next: ReadonlySet<string>) => void;
  /** rows that may be selected (default: all); the others' checkboxes are disabled */
  selectable?: (row: Row) => boolean;
  /** the header checkbox's name (全选) */
  allLabel: string;
  /** each row checkbox's name (选择 …) */
  rowLabel: (row: Row) => string;
  /** test id of each row checkbox */
  testId?: string;
  /** test id of the header checkbox */
  allTestId?: string;
}

/** The selection column for DataTable: select-all in the header, a checkbox per row. */
export function selectionColumn<Row>({ rows, rowKey, selected, onChange, selectable, allLabel, rowLabel, testId, allTestId }: SelectionColumnOptions<Row>): DataTableColumn<Row> {
  const choosable = selectable ? rows.filter(selectable) : rows;
  return {
    key: 'select',
    width: '10',
    title: (
      <TouchTarget>
        <SelectCheckbox
          aria-label={allLabel}
          data-testid={allTestId}
          disabled={choosable.length === 0}
          checked={choosable.length > 0 && choosable.every((row) => selected.has(rowKey(row)))}
          onChange={(event) => onChange(event.currentTarget.checked ? new Set(choosable.map(rowKey)) : new Set())}
        />
      </TouchTarget>
    ),
    render: (row) => (
      <TouchTarget>
        <SelectCheckbox
          aria-label={rowLabel(row)}
          disabled={selectable ? !selectable(row) : false}
          checked={selected.has(rowKey(row))}
          onChange={(event) => onChange(toggledSelection(selected, rowKey(row), event.currentTarget.checked))}
          data-testid={testId}
        />
      </TouchTarget>
    ),
  };
}
