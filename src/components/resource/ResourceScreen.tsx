import { Badge, Button, chakra, Flex, Heading, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { resourceUrls, type BooleanField } from '../../../contracts/resource';
import { downloadFile } from '../../lib/download';
import { localText } from '../../lib/locale';
import { reportFailure } from '../../lib/report-failure';
import { ConfirmDelete } from '../ConfirmDelete';
import { Switch } from '../form/fields';
import { usePermitted } from '../Permission';
import { SearchHeader } from '../SearchHeader';
import { BatchDeleteBar } from '../table/BatchDeleteBar';
import { DataTable, type DataTableColumn, type RowAction } from '../table/DataTable';
import { selectionColumn } from '../table/selection';
import type { FieldInputs } from './field-input';
import { ResourceSearchFields } from './ResourceSearchFields';
import type { KitRow, ResourceList } from './useResourceList';

const ResourceDrawer = lazy(() => import('./ResourceDrawer'));
const ResourceImport = lazy(() => import('./ResourceImport'));

export interface ResourceScreenProps<Row extends KitRow> {
  list: ResourceList<Row>;
  /** the test-id prefix: `<testId>-add`, `-row`, `-edit`, `-delete`, `-select`, `-batch-delete`, `-export`, `-form`, `-search-<key>` */
  testId: string;
  /** the screen's columns (explicit JSX); the kit adds the selection and the actions */
  columns: DataTableColumn<Row>[];
  /** the screen's own actions of a row, before 编辑 and 删除 (on phones: under the card's 更多) */
  rowActions?: (row: Row) => RowAction[];
  /** a row that can be neither edited nor deleted now (a published version) */
  locked?: (row: Row) => boolean;
  /** the drawer's own inputs by field name */
  inputs?: FieldInputs;
  /** under the table: notes, the screen's own dialogs */
  children?: ReactNode;
  /** the title's level: h2 when the list is one tab of a screen with its own h1 (宿舍管理) */
  headingAs?: 'h1' | 'h2';
}

/**
 * A kit list screen: the title and 新增, export and import, the search header from the definition's
 * search rules, the batch delete bar, the table (the screen's columns + selection + 编辑 / 删除 gated
 * by the definition's permissions), the delete question and the drawer.
 */
export function ResourceScreen<Row extends KitRow>({ list, testId, columns, rowActions, locked, inputs, children, headingAs = 'h1' }: ResourceScreenProps<Row>) {
  const { t, i18n } = useLingui();
  const { definition, may } = list;
  const noun = localText(definition.noun, i18n.locale);
  const rowKey = (row: Row) => row.id;
  const uniqueField = definition.unique[0];
  const hasActions = Boolean(rowActions) || may.edit || may.delete;
  const allColumns: DataTableColumn<Row>[] = [
    ...(may.delete
      ? [
          selectionColumn<Row>({
            rows: list.rows,
            rowKey,
            selected: list.selected,
            onChange: list.setSelected,
            selectable: locked ? (row) => !locked(row) : undefined,
            allLabel: t`全选`,
            rowLabel: (row) => t`选择 ${list.rowName(row)}`,
            testId: `${testId}-select`,
          }),
        ]
      : []),
    ...columns,
  ];
  const actions = (row: Row): RowAction[] => [
    ...(rowActions?.(row) ?? []),
    { key: 'edit', label: t`编辑`, hidden: !may.edit, primary: true, disabled: locked?.(row), onClick: () => list.openEdit(row), testId: `${testId}-edit` },
    { key: 'delete', label: t`删除`, hidden: !may.delete, danger: true, disabled: locked?.(row), onClick: () => list.askDelete([row]), testId: `${testId}-delete` },
  ];

  return (
    <Stack gap="4">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as={headingAs} size={headingAs === 'h1' ? 'lg' : 'md'} flex="1">
          {localText(definition.title, i18n.locale)}
        </Heading>
        {definition.exportable && may.export && <ExportButton list={list} testId={`${testId}-export`} />}
        {definition.importable && may.import && (
          <Suspense fallback={null}>
            <ResourceImport definition={definition} permission={list.importPermission} onImported={() => void list.refresh()} />
          </Suspense>
        )}
        {may.add && (
          <Button colorPalette="brand" minH="11" onClick={list.openAdd} data-testid={`${testId}-add`}>
            {t`新增${noun}`}
          </Button>
        )}
      </Flex>
      <SearchHeader busy={list.table.refreshing} defaultOpen onSearch={list.applySearch} onReset={list.resetSearch}>
        <ResourceSearchFields definition={definition} inputs={list.inputs} draft={list.draft} onChange={list.setDraftValue} testId={testId} />
      </SearchHeader>
      {may.delete && <BatchDeleteBar selectedCount={list.selectedRows.length} onDelete={() => list.askDelete(list.selectedRows)} testId={`${testId}-batch-delete`} />}
      <DataTable
        data-testid={definition.name}
        columns={allColumns}
        rows={list.rows}
        total={list.table.total}
        loading={list.table.loading}
        refreshing={list.table.refreshing}
        rowKey={rowKey}
        actions={hasActions ? actions : undefined}
        rowProps={(row) => ({ 'data-testid': `${testId}-row`, 'data-code': uniqueField ? String((row as unknown as Record<string, unknown>)[uniqueField] ?? '') : undefined })}
        sort={list.sort}
        onSortChange={definition.sortable?.length ? list.onSortChange : undefined}
        {...list.paging}
      />
      {children}
      <ConfirmDelete {...list.deleteDialog} title={t`删除${noun}`} />
      <Suspense fallback={null}>
        {list.editing && (
          <ResourceDrawer
            key={list.editing.key}
            definition={definition}
            row={list.editing.row as (Row & Record<string, unknown>) | undefined}
            testId={testId}
            inputs={inputs}
            onClose={list.closeEditor}
            onSave={list.save}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** 导出: the list as the search has it, as .xlsx (`<path>/export`, named by the server in the reader's language). */
function ExportButton<Row extends KitRow>({ list, testId }: { list: ResourceList<Row>; testId: string }) {
  const [busy, setBusy] = useState(false);
  const exportList = async () => {
    setBusy(true);
    try {
      const { search } = list;
      await downloadFile(resourceUrls(list.definition).export, { method: 'POST', body: { search: list.filters, ...(list.sort ? { sortField: search.sortField, order: search.order } : {}) } });
    } catch (error) {
      reportFailure(error, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" minH="11" loading={busy} onClick={() => void exportList()} data-testid={testId}>
      <Trans>导出</Trans>
    </Button>
  );
}

export interface ToggleCellProps<Row extends KitRow> {
  list: ResourceList<Row>;
  row: Row;
  /** the boolean field with a toggle rule */
  field: string;
  testId: string;
}

/** The words of a boolean field's value: its own on / off words (已发布 / 未发布), else 是 / 否. */
export function useBooleanWords(): (field: BooleanField, value: boolean) => string {
  const { t, i18n } = useLingui();
  return (field, value) => {
    const words = value ? field.on : field.off;
    return words ? localText(words, i18n.locale) : value ? t`是` : t`否`;
  };
}

/** A toggle's cell: a switch named 「label row」 for whom the toggle's permission allows, else the field's on / off words as a badge. */
export function ToggleCell<Row extends KitRow>({ list, row, field, testId }: ToggleCellProps<Row>) {
  const { i18n } = useLingui();
  const booleanWords = useBooleanWords();
  const { definition } = list;
  const rule = definition.toggles?.[field];
  const permitted = usePermitted({ anyOf: [rule?.perm ?? list.perms.edit] });
  const spec = definition.fields[field] as BooleanField;
  const value = (row as unknown as Record<string, unknown>)[field] === true;
  const id = `${testId}-${row.id}`;
  if (!permitted || !rule)
    return (
      <Badge colorPalette={value ? 'green' : 'gray'} data-testid={testId}>
        {booleanWords(spec, value)}
      </Badge>
    );
  return (
    <span data-testid={testId}>
      {/* the switch's name: a label for its id (a name on the wrapper is not the switch's) */}
      <chakra.label htmlFor={id} srOnly>
        {`${localText(spec.label, i18n.locale)} ${list.rowName(row)}`}
      </chakra.label>
      <Switch id={id} checked={value} onChange={(next) => void list.toggle(row, field, next)} />
    </span>
  );
}
