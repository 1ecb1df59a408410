import { int, type Label, LETTERS_DIGITS, ref, resource, type ResourceDefinition, text } from '../resource';

/**
 * A building of a campus wherever a school keeps one (教学楼 here, 宿舍楼 in 宿舍管理: own tables, menus and
 * permissions), with the SPEC §5 places rules: code below 999, floors below 10. The fields, search and
 * order are one; each kind names itself and its code and name columns.
 */
export const buildingResource = ({
  codeLabel,
  nameLabel,
  ...kind
}: Pick<ResourceDefinition, 'name' | 'title' | 'noun' | 'path' | 'perm' | 'inUse'> & { codeLabel: Label; nameLabel: Label }) =>
  resource({
    ...kind,
    fields: {
      code: int(codeLabel, { min: 1, max: 998, required: true }),
      name: text(nameLabel, { max: 30, required: true, pattern: LETTERS_DIGITS }),
      floors: int({ zh: '楼层数', en: 'Floors' }, { min: 1, max: 9, required: true }),
      campusId: ref({ zh: '所属校区', en: 'Campus' }, 'campuses', { required: true }),
    },
    unique: ['code', 'name'],
    search: { keyword: { contains: ['name'], label: { zh: '名称', en: 'Name' } }, campusId: { equals: 'campusId' } },
    order: [{ field: 'code' }],
    sortable: ['code', 'name', 'floors'],
    display: 'name',
    importable: true,
    exportable: true,
  });

/** 教学楼管理 (/xlcd/jxlgl): teaching buildings. */
export const buildings = buildingResource({
  name: 'buildings',
  title: { zh: '教学楼管理', en: 'Teaching buildings' },
  noun: { zh: '教学楼', en: 'building' },
  path: '/api/buildings',
  perm: 'jxlgl',
  codeLabel: { zh: '教学楼编号', en: 'Code' },
  nameLabel: { zh: '教学楼名称', en: 'Name' },
  inUse: { zh: '建筑物或教室正在使用，不能删除', en: 'The building or classroom is in use and cannot be deleted' },
});
