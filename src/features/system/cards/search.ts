import { searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/** 首页卡片 /system/sykp: ?role=<role id> (zod-free: the route file uses it). */
const cardFields = { role: searchField.uuid() };
export const cardSearchParams = searchSchema(cardFields);
export type CardSearchParams = SearchOf<typeof cardFields>;
