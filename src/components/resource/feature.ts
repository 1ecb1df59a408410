import type { ComponentType } from 'react';
import type { AnyResourceDefinition } from '../../../contracts/resource';
import type { LocaleCatalogs } from '../../lib/i18n';
import { resourceListQuery } from './list-query';
import type { ResourceSearch } from './resource-search';

/** What a kit list route hands its screen: the URL search and how to change it. */
export interface ResourceScreenProps {
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
}

/**
 * A kit feature module's default export (`src/app/resource-route.ts` loads it): the definition, the
 * list query the loader starts before the screen is in, the screen's own lazy import and the feature's
 * catalog when it has one, so the loader's fetch, the screen's chunk and its strings load side by side.
 */
export interface ResourceFeature {
  definition: AnyResourceDefinition;
  listQuery: (search: ResourceSearch) => ReturnType<typeof resourceListQuery>;
  loadScreen: () => Promise<{ default: ComponentType<ResourceScreenProps> }>;
  catalog?: LocaleCatalogs;
}

export function resourceFeature(definition: AnyResourceDefinition, loadScreen: ResourceFeature['loadScreen'], catalog?: LocaleCatalogs): ResourceFeature {
  return { definition, listQuery: (search) => resourceListQuery(definition, search), loadScreen, catalog };
}
