import { v7 as uuidv7 } from 'uuid';
import { type ApplicationKind, type ApplicationState, type AuditStep, DEFAULT_FLOWS, leaveDays, TEACHING_OFFICE_ROLE } from '../../../contracts/application-rules';
import { applicationEvents, applications, auditFlows, blockedPeriods } from '../../modules/applications/applications.table';
import { addDays, SCHOOL_UTC_OFFSET, schoolDate } from '../../modules/attendance/school-day';
import type { Tx } from '../client';

export interface ApplicationsSeedInput {
  /** 七年级(1)班 and its students by seat (1 = `student`) with their parents */
  demoClassId: string;
  seats: { studentId: string; parentId: string }[];
  /** 七年级(2)班 and its head teacher */
  secondClassId: string;
  secondClassHeadId: string;
  /** the subject `teacher` teaches in 七年级(2)班 */
  makeupSubject: string;
  teacherId: string;
  /** `teacher2`, head of 教务处 */
  departmentHeadId: string;
  departmentId: string;
  /** another member of 教务处 (not teacher or teacher2) */
  colleagueId: string | undefined;
  /** end of the current semester (YYYY-MM-DD) */
  semesterEnd: string;
}

const DAY_MS = 86_400_000;
const at = (day: string, time: string) => new Date(`${day}T${time}:00${SCHOOL_UTC_OFFSET}`);

/**
 * Applications of the K12 demo school (README 'Demo accounts'), relative to the seed day D:
 * an audit flow (student leave of 3 days or more: head teacher then grade leader), the blocked
 * period 期末考试周 for staff leave and outing; in 七年级(1)班 three pending leaves for D+1 (seats
 * 4–6, filed by their parents: `teacher`'s batch audit), a rejected leave of `student` 20 days ago
 * (past its deadline: view-only), a pending leave of seat 7 past its deadline (expired, in no
 * todo); `teacher`'s approved staff leave and overtime this month, a pending staff leave of another
 * 教务处 member for `teacher2`, and `teacher`'s make-up for 七年级(2)班 waiting for 教务处 (admin).
 * No approved student leave: the attendance seed owns those.
 */
export async function seedApplications(tx: Tx, tenantId: string, input: ApplicationsSeedInput, today: Date): Promise<number> {
  const day = schoolDate(today);
  await tx.insert(auditFlows).values({
    tenantId,
    id: uuidv7(),
    kind: 'student_leave',
    leaveType: '',
    minDays: 3,
    steps: [{ kind: 'head_teacher' }, { kind: 'grade_leader' }],
    deadlineDays: 7,
  });
  await tx.insert(blockedPeriods).values({
    tenantId,
    id: uuidv7(),
    name: '期末考试周',
    startsAt: at(addDays(input.semesterEnd, -6), '00:00'),
    endsAt: at(input.semesterEnd, '23:59'),
    kinds: ['staff_leave', 'staff_outing'],
  });

  type Event = { action: 'submit' | 'pass' | 'reject'; actorId: string; at: Date; opinion?: string; step?: number };
  const rows: (typeof applications.$inferInsert)[] = [];
  const events: (typeof applicationEvents.$inferInsert)[] = [];
  const add = (a: {
    kind: ApplicationKind;
    applicantId: string;
    submittedBy: string;
    orgUnitId: string;
    leaveType?: string;
    startsAt: Date;
    endsAt: Date;
    reason: string;
    state: ApplicationState;
    steps?: AuditStep[];
    step?: number;
    details?: Record<string, unknown>;
    events: Event[];
  }) => {
    const id = uuidv7();
    const submittedAt = a.events[0].at;
    const decided = a.state === 'approved' || a.state === 'rejected' ? a.events[a.events.length - 1].at : null;
    rows.push({
      tenantId,
      id,
      kind: a.kind,
      applicantId: a.applicantId,
      submittedBy: a.submittedBy,
      orgUnitId: a.orgUnitId,
      leaveType: a.leaveType ?? '',
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      days: Math.ceil(leaveDays(a.startsAt, a.endsAt)),
      reason: a.reason,
      details: a.details ?? {},
      state: a.state,
      steps: a.steps ?? DEFAULT_FLOWS[a.kind],
      step: a.step ?? 0,
      submittedAt,
      decidedAt: decided,
      deadlineAt: new Date(a.endsAt.getTime() + 7 * DAY_MS),
      createdAt: submittedAt,
      updatedAt: a.events[a.events.length - 1].at,
      createdBy: a.submittedBy,
      updatedBy: a.events[a.events.length - 1].actorId,
      version: a.events.length,
    });
    for (const event of a.events) {
      events.push({ tenantId, id: uuidv7(), applicationId: id, action: event.action, step: event.step ?? null, actorId: event.actorId, opinion: event.opinion ?? '', at: event.at });
    }
  };
  const hoursBefore = (date: Date, hours: number) => new Date(date.getTime() - hours * 60 * 60 * 1000);

  // 七年级(1)班: three leaves for tomorrow waiting for the head teacher (batch audit)
  const tomorrow = addDays(day, 1);
  const pendingReasons = [
    { leaveType: '1', reason: '感冒发烧，需在家休息一天' },
    { leaveType: '2', reason: '参加亲属婚礼' },
    { leaveType: '1', reason: '牙科复诊' },
  ];
  [4, 5, 6].forEach((seat, index) => {
    const family = input.seats[seat - 1];
    if (!family) return;
    const startsAt = at(tomorrow, '08:00');
    add({
      kind: 'student_leave',
      applicantId: family.studentId,
      submittedBy: family.parentId,
      orgUnitId: input.demoClassId,
      ...pendingReasons[index],
      startsAt,
      endsAt: at(tomorrow, '17:00'),
      state: 'pending',
      events: [{ action: 'submit', actorId: family.parentId, at: hoursBefore(at(day, '07:00'), index) }],
    });
  });
  // `student`: a leave 20 days ago, rejected, past its deadline (view-only)
  const student = input.seats[0];
  const past = addDays(day, -20);
  add({
    kind: 'student_leave',
    applicantId: student.studentId,
    submittedBy: student.parentId,
    orgUnitId: input.demoClassId,
    leaveType: '2',
    reason: '外出探亲',
    startsAt: at(past, '08:00'),
    endsAt: at(past, '17:00'),
    state: 'rejected',
    events: [
      { action: 'submit', actorId: student.parentId, at: at(addDays(past, -2), '20:00') },
      { action: 'reject', actorId: input.teacherId, at: at(addDays(past, -1), '09:00'), step: 0, opinion: '临近期中考试，请安排在周末' },
    ],
  });
  // seat 7: never audited, past its deadline (shows as expired, in nobody's todo)
  const seat7 = input.seats[6];
  if (seat7) {
    const old = addDays(day, -10);
    add({
      kind: 'student_leave',
      applicantId: seat7.studentId,
      submittedBy: seat7.parentId,
      orgUnitId: input.demoClassId,
      leaveType: '1',
      reason: '身体不适',
      startsAt: at(old, '08:00'),
      endsAt: at(old, '17:00'),
      state: 'pending',
      events: [{ action: 'submit', actorId: seat7.parentId, at: at(addDays(old, -1), '21:00') }],
    });
  }

  // Staff: `teacher`'s approved leave and overtime this month (the monthly summary)
  const dayOfMonth = Number(day.slice(8, 10));
  const monthDay = (n: number) => `${day.slice(0, 8)}${String(n).padStart(2, '0')}`;
  const leaveDay = dayOfMonth > 3 ? monthDay(2) : addDays(day, 3);
  const overtimeDay = dayOfMonth > 3 ? monthDay(3) : addDays(day, 4);
  add({
    kind: 'staff_leave',
    applicantId: input.teacherId,
    submittedBy: input.teacherId,
    orgUnitId: input.departmentId,
    leaveType: '1',
    reason: '办理个人事务',
    startsAt: at(leaveDay, '08:00'),
    endsAt: at(leaveDay, '17:00'),
    state: 'approved',
    events: [
      { action: 'submit', actorId: input.teacherId, at: at(addDays(leaveDay, -2), '16:00') },
      { action: 'pass', actorId: input.departmentHeadId, at: at(addDays(leaveDay, -1), '10:00'), step: 0, opinion: '同意' },
    ],
  });
  add({
    kind: 'staff_overtime',
    applicantId: input.teacherId,
    submittedBy: input.teacherId,
    orgUnitId: input.departmentId,
    reason: '期中考试阅卷',
    startsAt: at(overtimeDay, '18:00'),
    endsAt: at(overtimeDay, '21:00'),
    state: 'approved',
    events: [
      { action: 'submit', actorId: input.teacherId, at: at(overtimeDay, '12:00') },
      { action: 'pass', actorId: input.departmentHeadId, at: at(overtimeDay, '14:00'), step: 0, opinion: '同意' },
    ],
  });
  // another 教务处 member's leave waiting for `teacher2`
  if (input.colleagueId) {
    const leave = addDays(day, 2);
    add({
      kind: 'staff_leave',
      applicantId: input.colleagueId,
      submittedBy: input.colleagueId,
      orgUnitId: input.departmentId,
      leaveType: '1',
      reason: '陪同家人就医',
      startsAt: at(leave, '08:00'),
      endsAt: at(leave, '17:00'),
      state: 'pending',
      events: [{ action: 'submit', actorId: input.colleagueId, at: at(day, '07:30') }],
    });
  }
  // `teacher`'s make-up lesson for 七年级(2)班: passed by its head teacher, waiting for 教务处
  const makeup = addDays(day, 3);
  add({
    kind: 'staff_makeup',
    applicantId: input.teacherId,
    submittedBy: input.teacherId,
    orgUnitId: input.secondClassId,
    reason: '外出培训缺课，补上一节数学课',
    startsAt: at(makeup, '16:00'),
    endsAt: at(makeup, '16:45'),
    state: 'pending',
    steps: [{ kind: 'head_teacher' }, { kind: 'role', roleCode: TEACHING_OFFICE_ROLE }],
    step: 1,
    details: { classId: input.secondClassId, subject: input.makeupSubject, missedDate: addDays(day, -1) },
    events: [
      { action: 'submit', actorId: input.teacherId, at: at(addDays(day, -1), '17:00') },
      { action: 'pass', actorId: input.secondClassHeadId, at: at(day, '08:10'), step: 0, opinion: '同意' },
    ],
  });

  await tx.insert(applications).values(rows);
  await tx.insert(applicationEvents).values(events);
  return rows.length;
}
