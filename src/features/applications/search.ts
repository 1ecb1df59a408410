import type { ApplicationKind } from '../../../contracts/application-rules';
import type { ListScope } from '../../../contracts/applications';
import { pageField, pageSizeField, searchField, searchSchema, type SearchField, type SearchOf } from '../../lib/search-params';

/** The list scopes (contracts/applications.ts LIST_SCOPES; copied here: that module pulls in zod). */
export const SCOPES: readonly ListScope[] = ['mine', 'todo', 'done', 'all'];


/**
 * URL search params of the application screens (/xssw/qjgl … /jzg/kqsp), zod-free: route files'
 * validateSearch lands in the /login entry chunk. A missing or bad value is dropped, never an error page.
 */
const applicationFields = {
  /** default: the first scope the screen offers and the user may see */
  scope: searchField.oneOf(SCOPES),
  /** one kind of the screen's (screens with several kinds; the screen ignores others). A pattern, not
   * the kind list: this module lands in /login's entry chunk, which has no byte to spare. */
  kind: searchField.pattern(/^[a-z_]{1,32}$/) as SearchField<ApplicationKind>,
  /** a state or an audit state (auditStateOf), or 'expired' */
  state: searchField.text(64),
  keyword: searchField.text(50),
  from: searchField.date,
  to: searchField.date,
  page: pageField,
  size: pageSizeField,
  /** the application whose detail drawer is open */
  id: searchField.uuid(),
};
export const applicationSearchParams = searchSchema(applicationFields);
export type ApplicationSearchParams = SearchOf<typeof applicationFields>;

/** Drops empty values (so the URL stays short). */
export const compactSearch = <S extends object>(search: S): S =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as S;
