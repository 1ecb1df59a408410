import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { DEFAULT_FLOWS } from '../../../contracts/application-rules';
import { STATUS_AFTER, STATUS_CHANGE_TYPES, type StatusChangeType } from '../../../contracts/status-change-rules';
import { applicationEvents, applications } from '../../modules/applications/applications.table';
import { addDays, SCHOOL_TIME_ZONE_OFFSET, schoolDate } from '../../../contracts/school-time';
import { statusChanges, statusChangeTypes } from '../../modules/status-changes/status-changes.table';
import { statusChangesRepository } from '../../modules/status-changes/status-changes.repository';
import type { Tx } from '../client';

const DAY_MS = 86_400_000;
const at = (day: string, time: string) => new Date(`${day}T${time}:00${SCHOOL_TIME_ZONE_OFFSET}`);

/**
 * 学籍异动's demo data (issue 23 item 4), the middle school of the K12 demo school, relative to the
 * seed day D: in 八年级(1)班, filed by its head teacher and audited by `admin` (教务处): a 转班 to
 * 八年级(2)班 effective 20 days ago and a 休学 10 days ago (both applied: memberships, class, status),
 * the suspended student's 复学 waiting for audit, a 转出 approved for D+14 (待生效), a 转班 waiting,
 * a rejected 休学, a withdrawn 转班, and a student transferred out 40 days ago coming back by 插班.
 * Every type's effective flag row. Students with a bed are left alone (their stays are 宿舍管理's demo).
 */
export async function seedStatusChanges(tx: Tx, tenantId: string, today: Date): Promise<number> {
  const day = schoolDate(today);
  await tx.insert(statusChangeTypes).values(STATUS_CHANGE_TYPES.map((code) => ({ tenantId, code })));
  const classes = (
    await tx.execute<{ id: string }>(
      sql`SELECT c.id::text FROM org_units c JOIN org_units g ON g.tenant_id = c.tenant_id AND g.id = c.parent_id
          WHERE c.kind = 'class' AND g.grade_level = 8 AND NOT c.graduated ORDER BY c.sort, c.code LIMIT 2`,
    )
  ).rows;
  if (classes.length < 2) return 0;
  const [classA, classB] = [classes[0].id, classes[1].id];
  const admin = (await tx.execute<{ id: string }>(sql`SELECT id::text FROM users WHERE username = 'admin'`)).rows[0]?.id;
  const head = (await tx.execute<{ id: string }>(sql`SELECT user_id::text AS id FROM staff_duties WHERE duty = 'head_teacher' AND org_unit_id = ${classA}::uuid LIMIT 1`)).rows[0]?.id;
  if (!admin || !head) return 0;
  const people = (
    await tx.execute<{ id: string }>(
      sql`SELECT u.id::text FROM users u JOIN students s ON s.tenant_id = u.tenant_id AND s.user_id = u.id
          WHERE u.org_unit_id = ${classA}::uuid AND s.status = 'studying'
            AND NOT EXISTS (SELECT 1 FROM dorm_stays d WHERE d.tenant_id = u.tenant_id AND d.student_id = u.id AND d.to_date IS NULL)
          ORDER BY u.user_no DESC LIMIT 7`,
    )
  ).rows.map((row) => row.id);
  if (people.length < 7) return 0;
  const [moved, suspended, leaving, waiting, refused, withdrawn, returning] = people;

  let count = 0;
  const file = async (c: {
    studentId: string;
    type: StatusChangeType;
    toClassId?: string;
    fromClassId: string | null;
    effectiveDate: string;
    filedOn: string;
    reason: string;
    outcome: 'pending' | 'approved' | 'rejected' | 'withdrawn';
    apply?: boolean;
  }) => {
    const id = uuidv7();
    const filedAt = at(c.filedOn, '09:00');
    const decidedAt = at(c.filedOn, '15:00');
    const dayStart = at(c.effectiveDate, '00:00');
    const decided = c.outcome === 'approved' || c.outcome === 'rejected';
    await tx.insert(applications).values({
      tenantId,
      id,
      kind: 'status_change',
      applicantId: c.studentId,
      submittedBy: head,
      orgUnitId: c.fromClassId ?? c.toClassId ?? null,
      startsAt: dayStart,
      endsAt: new Date(dayStart.getTime() + DAY_MS),
      reason: c.reason,
      state: c.outcome,
      steps: DEFAULT_FLOWS.status_change,
      submittedAt: filedAt,
      decidedAt: decided ? decidedAt : null,
      deadlineAt: new Date(dayStart.getTime() + 8 * DAY_MS),
      createdAt: filedAt,
      updatedAt: c.outcome === 'pending' ? filedAt : decidedAt,
      createdBy: head,
      updatedBy: c.outcome === 'pending' || c.outcome === 'withdrawn' ? head : admin,
      version: c.outcome === 'pending' ? 1 : 2,
    });
    const events: (typeof applicationEvents.$inferInsert)[] = [{ tenantId, id: uuidv7(), applicationId: id, action: 'submit', actorId: head, at: filedAt }];
    if (c.outcome === 'approved') events.push({ tenantId, id: uuidv7(), applicationId: id, action: 'pass', step: 0, actorId: admin, opinion: '同意', at: decidedAt });
    if (c.outcome === 'rejected') events.push({ tenantId, id: uuidv7(), applicationId: id, action: 'reject', step: 0, actorId: admin, opinion: '材料不全，请补充家长申请书', at: decidedAt });
    if (c.outcome === 'withdrawn') events.push({ tenantId, id: uuidv7(), applicationId: id, action: 'withdraw', actorId: head, at: decidedAt });
    await tx.insert(applicationEvents).values(events);
    await tx.insert(statusChanges).values({
      tenantId,
      id,
      studentId: c.studentId,
      changeType: c.type,
      effective: true,
      fromClassId: c.fromClassId,
      toClassId: c.toClassId ?? null,
      effectiveDate: c.effectiveDate,
      createdAt: filedAt,
      createdBy: head,
      updatedBy: head,
    });
    if (c.apply) {
      // the effect as StatusChangesService.takeEffect applies it, on its date
      const open = await statusChangesRepository.openMembership(tx, c.studentId);
      if (open) await statusChangesRepository.closeMembership(tx, open, c.effectiveDate, id, admin);
      if (c.toClassId) await statusChangesRepository.openMembershipIn(tx, { id: uuidv7(), studentId: c.studentId, classId: c.toClassId, on: c.effectiveDate, changeId: id, userId: admin });
      await statusChangesRepository.setClassAndStatus(tx, c.studentId, c.toClassId ?? null, STATUS_AFTER[c.type], admin);
      await statusChangesRepository.markApplied(tx, id, c.effectiveDate);
    }
    count += 1;
  };

  await file({ studentId: moved, type: 'class_change', fromClassId: classA, toClassId: classB, effectiveDate: addDays(day, -20), filedOn: addDays(day, -22), reason: '家长申请，与同学相处不融洽，调入二班', outcome: 'approved', apply: true });
  await file({ studentId: suspended, type: 'suspend', fromClassId: classA, effectiveDate: addDays(day, -10), filedOn: addDays(day, -12), reason: '因病需长期住院治疗', outcome: 'approved', apply: true });
  await file({ studentId: suspended, type: 'resume', fromClassId: null, toClassId: classA, effectiveDate: addDays(day, 3), filedOn: addDays(day, -1), reason: '病愈，医院出具康复证明', outcome: 'pending' });
  await file({ studentId: leaving, type: 'transfer_out', fromClassId: classA, effectiveDate: addDays(day, 14), filedOn: addDays(day, -2), reason: '随父母工作调动转学外省', outcome: 'approved' });
  await file({ studentId: waiting, type: 'class_change', fromClassId: classA, toClassId: classB, effectiveDate: addDays(day, 7), filedOn: day, reason: '选修科目调整，转入二班', outcome: 'pending' });
  await file({ studentId: refused, type: 'suspend', fromClassId: classA, effectiveDate: addDays(day, 2), filedOn: addDays(day, -5), reason: '家庭原因申请休学一年', outcome: 'rejected' });
  await file({ studentId: withdrawn, type: 'class_change', fromClassId: classA, toClassId: classB, effectiveDate: addDays(day, 5), filedOn: addDays(day, -3), reason: '申请转入二班', outcome: 'withdrawn' });
  await file({ studentId: returning, type: 'transfer_out', fromClassId: classA, effectiveDate: addDays(day, -40), filedOn: addDays(day, -42), reason: '转学至外地就读', outcome: 'approved', apply: true });
  await file({ studentId: returning, type: 'insert', fromClassId: null, toClassId: classB, effectiveDate: addDays(day, 2), filedOn: addDays(day, -1), reason: '从外地转回，插班八年级二班', outcome: 'pending' });
  return count;
}
