import { int, org, person, ref, resource, text } from '../resource';

/** the class-number rule of SPEC §5 (at most 30 digits); migration 0033's CHECK says the same */
export const CLASS_NO_MAX = 30;

/**
 * 班级管理 (/jcsj/bjgl, issue 23 item 2): the current classes (org units of kind 'class', made and
 * removed in 组织机构) with what a school keeps about them: number, head teacher and deputy (their
 * staff_duties rows), classroom (教室管理, one class each), capacity (the database refuses a student
 * into a full class) and how many students are in it now. The view class_records of migration 0033.
 */
export const classes = resource({
  name: 'classes',
  title: { zh: '班级管理', en: 'Classes' },
  noun: { zh: '班级', en: 'class' },
  path: '/api/classes',
  perm: 'bjgl',
  fields: {
    name: text({ zh: '班级名称', en: 'Class' }, { max: 50, readOnly: true }),
    gradeId: org({ zh: '年级', en: 'Grade' }, { readOnly: true }),
    classNo: text({ zh: '班级编号', en: 'Class number' }, { max: CLASS_NO_MAX, pattern: { regex: /^\d+$/, message: { zh: '只能包含数字', en: 'may contain only digits' } } }),
    headTeacherId: person({ zh: '班主任', en: 'Head teacher' }),
    deputyHeadTeacherId: person({ zh: '副班主任', en: 'Deputy head teacher' }),
    /** the head teacher's name, for the keyword search (the list shows headTeacherIdName) */
    headTeacherName: text({ zh: '班主任姓名', en: "Head teacher's name" }, { max: 30, readOnly: true, noExcel: true }),
    classroomId: ref({ zh: '教室', en: 'Classroom' }, 'classrooms'),
    capacity: int({ zh: '容纳人数', en: 'Capacity' }, { min: 1, max: 999, required: true }),
    studentCount: int({ zh: '在班人数', en: 'Students' }, { min: 0, max: 999, readOnly: true }),
  },
  unique: ['classNo', 'classroomId'],
  search: {
    keyword: { contains: ['name', 'classNo', 'headTeacherName'], label: { zh: '班级名称/编号/班主任', en: 'Class, number or head teacher' } },
    gradeId: { equals: 'gradeId' },
  },
  // by grade first: grade_level is a column of the view, not a field (the kit orders by its table's columns)
  order: [{ field: 'gradeLevel' as never }, { field: 'classNo' }, { field: 'name' }],
  sortable: ['name', 'classNo', 'capacity', 'studentCount'],
  display: 'name',
  exportable: true,
  madeElsewhere: { zh: '班级在组织机构中新增和删除', en: 'Classes are added and removed in the organisation tree' },
});
