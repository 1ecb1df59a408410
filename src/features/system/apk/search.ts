import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** APK版本管理 /system/apk: ?versionName=&published=&page=&size= (zod-free: the route file uses it). */
const apkFields = {
  versionName: searchField.text(30),
  published: searchField.oneOf(['0', '1'] as const),
  page: pageField,
  size: pageSizeField,
};
export const apkSearchParams = searchSchema(apkFields);
export type ApkSearchParams = SearchOf<typeof apkFields>;
