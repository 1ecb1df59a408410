import { pageField, pageSizeField, searchField, searchSchema, type SearchOf } from '../../../lib/search-params';

/**
 * 学籍异动 /xjgl/xjyd search params (zod-free: the route file's validateSearch sits in the entry chunk).
 * scope todo: waiting for my audit (the dashboard's 待我审核 link); state as contracts STATUS_CHANGE_STATES.
 */
const statusChangeFields = {
  scope: searchField.oneOf(['all', 'todo']),
  keyword: searchField.text(50),
  type: searchField.oneOf(['insert', 'transfer_out', 'suspend', 'resume', 'class_change']),
  state: searchField.oneOf(['pending', 'scheduled', 'applied', 'rejected', 'withdrawn']),
  from: searchField.date,
  to: searchField.date,
  page: pageField,
  size: pageSizeField,
  /** the change whose drawer is open */
  id: searchField.uuid(),
  /** 申请异动 opened for this type and student (班级管理's roster starts a 转班 so) */
  apply: searchField.oneOf(['class_change']),
  student: searchField.uuid(),
};
export const statusChangeSearchParams = searchSchema(statusChangeFields);
export type StatusChangeSearchParams = SearchOf<typeof statusChangeFields>;
