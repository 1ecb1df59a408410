import type { QueryClient } from '@tanstack/react-query';
import { resourceUrls, type AnyResourceDefinition } from '../../../contracts/resource';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../table/table-query';
import { resourceFilters, type ResourceSearch } from './resource-search';

/** The list page a kit screen shows for its URL search (the route's loader asks the same before the screen is in). */
export function resourceListInput(definition: AnyResourceDefinition, search: ResourceSearch): TableQueryInput {
  return {
    url: resourceUrls(definition).list,
    kind: 'A',
    filters: resourceFilters(definition, search),
    page: search.page ?? 0,
    size: search.size ?? 10,
    sort: search.sortField && search.order && definition.sortable?.includes(search.sortField) ? { field: search.sortField, order: search.order } : null,
  };
}

export const resourceListQuery = <Row>(definition: AnyResourceDefinition, search: ResourceSearch) => tableQueryOptions<Row>(resourceListInput(definition, search));

/** Reads every page of the list again (after a save, toggle, delete or import). */
export const refreshResourceList = (queryClient: QueryClient, definition: AnyResourceDefinition) => queryClient.invalidateQueries({ queryKey: tableKeys.url(resourceUrls(definition).list) });
