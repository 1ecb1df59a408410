import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CLASS_TEXT, CLASS_URLS, CLASSES_EDIT_PERMISSION, CLASSES_PERMISSION, classRosterRequest, classSeatsRequest, classSubjectTeacherRequest } from '../../../contracts/classes';
import type { FieldIssue, Label } from '../../../contracts/resource';
import { classes } from '../../../contracts/resources/classes';
import type { Tx } from '../../db/client';
import { crudModule, type SaveValues } from '../../kit/crud-module';
import type { KitRecord } from '../../kit/crud-repository';
import { changes, defineRoute, reads, type SessionContext } from '../../plugins/define-route';
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

/** A change of a class beside the kit's edit (seats, subject teachers): bjgl_edit, the class as 用户日志's target, the service's call, then its message. */
function classChange<S extends z.ZodType<{ classId: string }>>(url: string, operation: [zh: string, en: string], summary: string, body: S, run: (context: Pick<SessionContext, 'tx' | 'session' | 'services'> & { body: z.output<S> }) => Promise<void>, message: Label) {
  return defineRoute({
    method: 'POST',
    url,
    operation: changes(...operation),
    access: { anyOf: [CLASSES_EDIT_PERMISSION] },
    summary,
    body,
    target: classTarget,
    handler: async (context) => {
      // Parsed<S> of a generic S stays unresolved for TypeScript: it is z.output<S>
      await run({ ...context, body: context.body as z.output<S> });
      context.setMessage(message);
      return null;
    },
  });
}

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
  refusalIssues: (constraint) => (constraint === 'class_profiles_capacity_students' ? [{ field: 'capacity', message: CLASS_TEXT.capacityBelowJoined }] : null),
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
    classChange(
      CLASS_URLS.seats,
      ['设置座号', 'Set seat numbers'],
      "seat numbers of the class's current students (null clears one); a seat is one student's among the class's current students",
      classSeatsRequest,
      ({ services, tx, session, body }) => services.classes.seats(tx, session, body),
      CLASS_TEXT.seatsSaved,
    ),
    classChange(
      CLASS_URLS.subjectTeacherAdd,
      ['添加任课教师', 'Add a subject teacher'],
      'a staff member teaches a subject (the subject dictionary) in the class: a staff_duties subject_teacher row; the same row twice is refused (40900)',
      classSubjectTeacherRequest,
      ({ services, tx, session, body }) => services.classes.addSubjectTeacher(tx, session, body),
      CLASS_TEXT.subjectTeacherAdded,
    ),
    classChange(
      CLASS_URLS.subjectTeacherRemove,
      ['移除任课教师', 'Remove a subject teacher'],
      'removes a staff_duties subject_teacher row of the class',
      classSubjectTeacherRequest,
      ({ services, tx, session, body }) => services.classes.removeSubjectTeacher(tx, session, body),
      CLASS_TEXT.subjectTeacherRemoved,
    ),
  ],
});
