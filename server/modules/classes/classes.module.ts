import { sql } from 'drizzle-orm';
import { CLASS_TEXT, CLASS_URLS, CLASSES_EDIT_PERMISSION, CLASSES_PERMISSION, classRosterRequest, classSeatsRequest, classSubjectTeacherRequest } from '../../../contracts/classes';
import type { FieldIssue } from '../../../contracts/resource';
import { classes } from '../../../contracts/resources/classes';
import type { Tx } from '../../db/client';
import { crudModule, type SaveValues } from '../../kit/crud-module';
import type { KitRecord } from '../../kit/crud-repository';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { classRecords } from './class-records.view';
import { classesRepository } from './classes.repository';

const fields = classes.fields;

/** The head teacher and the deputy are staff and two people; the capacity holds the class's students now. */
async function classIssues(tx: Tx, values: SaveValues, existing: KitRecord | undefined): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const field of ['headTeacherId', 'deputyHeadTeacherId'] as const) {
    const userId = values[field];
    if (typeof userId === 'string' && userId && !(await classesRepository.isStaff(tx, userId))) issues.push({ field, message: CLASS_TEXT.notStaff(fields[field].label) });
  }
  if (values.headTeacherId && values.headTeacherId === values.deputyHeadTeacherId) issues.push({ field: 'deputyHeadTeacherId', message: CLASS_TEXT.deputyIsHead });
  const students = Number(existing?.studentCount ?? 0);
  if (typeof values.capacity === 'number' && values.capacity < students) issues.push({ field: 'capacity', message: CLASS_TEXT.capacityBelowStudents(students) });
  return issues;
}

const classTarget = ({ tx, body }: { tx: Tx; body: { classId: string } }) => classesRepository.className(tx, body.classId);

/**
 * 班级管理 (/jcsj/bjgl) on the resource kit: the view class_records (migration 0033) as its table, so
 * an edit writes the class's profile and its head teacher and deputy duties in one statement. Classes
 * are added and removed in 组织机构 (definition.madeElsewhere). The roster, seats and subject teachers
 * are the module's own calls (classes.service.ts).
 */
export const classesModule = crudModule(classes, classRecords, {
  saveIssues: classIssues,
  // the view's outer joins refuse FOR UPDATE: lock the classes' org units
  async lockRows(tx, ids) {
    await tx.execute(sql`SELECT 1 FROM org_units WHERE id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) FOR UPDATE`);
  },
  // a capacity below the students that entered since the form was read (migration 0033's trigger)
  refusalIssues: (constraint) => (constraint === 'class_profiles_capacity_students' ? [{ field: 'capacity', message: CLASS_TEXT.capacityBelowStudents(0) }] : null),
  extraRoutes: [
    defineRoute({
      method: 'POST',
      url: CLASS_URLS.roster,
      operation: reads('查看班级花名册', 'Class roster'),
      access: { anyOf: [CLASSES_PERMISSION] },
      summary: "a class's students on a day (today or any past day, from the class memberships) with seat numbers, and its subject teachers; without bjgl_edit only a class the caller leads",
      body: classRosterRequest,
      handler: ({ tx, session, body, services }) => services.classes.roster(tx, session, body),
    }),
    defineRoute({
      method: 'POST',
      url: CLASS_URLS.seats,
      operation: changes('设置座号', 'Set seat numbers'),
      access: { anyOf: [CLASSES_EDIT_PERMISSION] },
      summary: "seat numbers of the class's current students (null clears one); a seat is one student's among the class's current students",
      body: classSeatsRequest,
      target: classTarget,
      handler: async ({ tx, session, body, services, setMessage }) => {
        await services.classes.seats(tx, session, body);
        setMessage(CLASS_TEXT.seatsSaved);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: CLASS_URLS.subjectTeacherAdd,
      operation: changes('添加任课教师', 'Add a subject teacher'),
      access: { anyOf: [CLASSES_EDIT_PERMISSION] },
      summary: 'a staff member teaches a subject (the subject dictionary) in the class: a staff_duties subject_teacher row; the same row twice is refused (40900)',
      body: classSubjectTeacherRequest,
      target: classTarget,
      handler: async ({ tx, session, body, services, setMessage }) => {
        await services.classes.addSubjectTeacher(tx, session, body);
        setMessage(CLASS_TEXT.subjectTeacherAdded);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: CLASS_URLS.subjectTeacherRemove,
      operation: changes('移除任课教师', 'Remove a subject teacher'),
      access: { anyOf: [CLASSES_EDIT_PERMISSION] },
      summary: "removes a staff_duties subject_teacher row of the class",
      body: classSubjectTeacherRequest,
      target: classTarget,
      handler: async ({ tx, session, body, services, setMessage }) => {
        await services.classes.removeSubjectTeacher(tx, session, body);
        setMessage(CLASS_TEXT.subjectTeacherRemoved);
        return null;
      },
    }),
  ],
});
