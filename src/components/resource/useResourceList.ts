import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { displayField, resourcePerms, resourceUrls, type AnyResourceDefinition, type ResourceRow } from '../../../contracts/resource';
import { HttpError, post } from '../../lib/http';
import { localText } from '../../lib/locale';
import { notify } from '../../lib/notify';
import { reportFailure } from '../../lib/report-failure';
import { compactSearch, urlPaging } from '../../lib/search-params';
import { useConfirmedDelete } from '../confirmed-delete';
import { usePermitted } from '../Permission';
import { useListSelection, useSearchDraft } from '../table/list-state';
import type { TableSort } from '../table/table-query';
import { useTableQuery } from '../table/table-query';
import { refreshResourceList, resourceListInput } from './list-query';
import { resourceFilters, searchInputs, type ResourceSearch } from './resource-search';

/** What the kit needs of a row: its id and the version it was read at. */
export interface KitRow {
  id: string;
  version: number;
}

export interface ResourceListOptions<Row> {
  /** how a row is named in labels (选择 …, 启用 …); default its display field */
  rowName?: (row: Row) => string;
}

/** The editor's state: the row edited (none: a new one); `key` remounts the drawer for each opening. */
export interface ResourceEditing<Row> {
  row?: Row;
  key: number;
}

/**
 * A kit list screen's state and calls, from its definition: the search draft (the definition's search
 * rules read from the URL), URL paging and sorting, the selection, confirmed delete (one or the
 * selected), the toggles, the editor (add / edit) and its save. Every change reads the list again.
 */
export function useResourceList<Row extends KitRow = ResourceRow<AnyResourceDefinition>>(
  definition: AnyResourceDefinition,
  search: ResourceSearch,
  onSearchChange: (next: ResourceSearch) => void,
  options: ResourceListOptions<Row> = {},
) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const urls = resourceUrls(definition);
  const perms = resourcePerms(definition);
  const table = useTableQuery<Row>(resourceListInput(definition, search));
  const rows = table.rows;
  const inputs = useMemo(() => searchInputs(definition), [definition]);
  const filters = resourceFilters(definition, search);
  const [draft, setDraft] = useSearchDraft<Record<string, string>>(Object.fromEntries(inputs.map((input) => [input.key, filters[input.key] ?? ''])));
  const [selected, setSelected] = useListSelection(filters);
  const [editing, setEditing] = useState<ResourceEditing<Row> | null>(null);
  const refresh = useCallback(() => refreshResourceList(queryClient, definition), [queryClient, definition]);
  const { ask: askDelete, dialog: deleteDialog } = useConfirmedDelete<Row[]>({
    remove: (targets) => post<{ deleted: number }>(urls.delete, { ids: targets.map((row) => row.id) }),
    onDeleted: () => setSelected(new Set()),
    onSettled: refresh,
  });
  const mayImportItself = usePermitted({ anyOf: [perms.import] });
  const may = {
    // rows made elsewhere (班级: 组织机构) are only listed, edited and exported here
    add: usePermitted({ anyOf: [perms.add] }) && !definition.madeElsewhere,
    edit: usePermitted({ anyOf: [perms.edit] }),
    delete: usePermitted({ anyOf: [perms.delete] }) && !definition.madeElsewhere,
    // as the server allows them (kit-api.md): export with the view permission, import with import or add
    export: usePermitted({ anyOf: [perms.view, perms.export] }),
    import: usePermitted({ anyOf: [perms.import, perms.add] }),
  };
  const named = displayField(definition);
  const rowName = options.rowName ?? ((row: Row) => String((row as unknown as Record<string, unknown>)[named] ?? ''));

  /** Switches a toggle (the row's version goes along: a stale row is refused); says on / off in the definition's words. */
  const toggle = useCallback(
    async (row: Row, field: string, value: boolean) => {
      const rule = definition.toggles?.[field];
      if (!rule) throw new Error(`${definition.name}: no toggle ${field}`);
      try {
        await post(urls.toggle(rule.route), { id: row.id, [field]: value, version: row.version });
        notify.success(localText(value ? rule.on : rule.off, i18n.locale));
      } catch (error) {
        reportFailure(error, 'error');
      }
      await refresh();
    },
    [definition, urls, i18n.locale, refresh],
  );

  /** The drawer's save: rejects on a refusal (the drawer keeps what was typed); a stale edit (40900) reads the list again. */
  const save = async (input: Record<string, unknown>) => {
    try {
      await post<{ id: string }>(urls.save, input);
    } catch (error) {
      reportFailure(error, 'error');
      if (error instanceof HttpError && error.code === 40900 && input.id) await refresh();
      throw error;
    }
    notify.success(t`保存成功`);
    setEditing(null);
    await refresh();
  };

  const sort: TableSort | null = search.sortField && search.order ? { field: search.sortField, order: search.order } : null;
  return {
    definition,
    search,
    onSearchChange,
    table,
    rows,
    filters,
    inputs,
    draft,
    setDraftValue: (key: string, value: string) => setDraft((current) => ({ ...current, [key]: value })),
    /** 搜索: the trimmed draft into the URL (page back to the first; size and sort kept) */
    applySearch: () =>
      onSearchChange(compactSearch<ResourceSearch>({ size: search.size, sortField: search.sortField, order: search.order, ...Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) })),
    /** 重置: no filters (size kept) */
    resetSearch: () => {
      setDraft(Object.fromEntries(inputs.map((input) => [input.key, ''])));
      onSearchChange(compactSearch<ResourceSearch>({ size: search.size }));
    },
    paging: urlPaging(search, onSearchChange),
    sort,
    onSortChange: (next: TableSort | null) => onSearchChange(compactSearch<ResourceSearch>({ ...search, page: undefined, sortField: next?.field, order: next?.order })),
    selected,
    setSelected,
    selectedRows: rows.filter((row) => selected.has(row.id)),
    perms,
    may,
    /** the permission the import dialog is shown for: import, else add (the server takes either) */
    importPermission: mayImportItself ? perms.import : perms.add,
    rowName,
    /** a field's label in the reader's language (a column's title) */
    title: (field: string) => localText(definition.fields[field]?.label ?? { zh: field, en: field }, i18n.locale),
    askDelete,
    deleteDialog,
    toggle,
    editing,
    openAdd: () => setEditing({ key: Date.now() }),
    openEdit: (row: Row) => setEditing({ row, key: Date.now() }),
    closeEditor: () => setEditing(null),
    save,
    refresh,
  };
}

export type ResourceList<Row extends KitRow> = ReturnType<typeof useResourceList<Row>>;
