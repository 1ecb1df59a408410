import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { AllocationBoarder, AllocationRoom } from './dorm-allocation';

// 宿舍管理: SQL only; tenant scoping is row-level security. Boarders are students.boarding AND
// students.status = 'studying' (the students module's table, joined); a student's class is
// users.org_unit_id, its grade the class's parent.

export type StudentRow = {
  id: string;
  name: string;
  user_no: string;
  gender: string | null;
  class_name: string | null;
  class_name_en: string | null;
};

const rowsOf = async <T extends Record<string, unknown>>(tx: Tx, query: SQL): Promise<T[]> => (await tx.execute<T>(query)).rows as T[];

/** the student columns every answer names a person with (u: users, c: the class) */
const STUDENT_COLUMNS = sql`u.id, u.name, u.user_no, u.gender, c.name AS class_name, c.name_en AS class_name_en`;
const WAITING = sql`s.boarding AND s.status = 'studying' AND NOT EXISTS (SELECT 1 FROM dorm_stays o WHERE o.tenant_id = s.tenant_id AND o.student_id = s.user_id AND o.to_date IS NULL)`;

export const dormsRepository = {
  /** Per building: rooms, valid beds, open stays, free valid beds by the rooms' gender. */
  occupancy: (tx: Tx) =>
    rowsOf<{ id: string; code: number; name: string; rooms: number; valid_beds: number; occupied: number; free_boys: number; free_girls: number }>(
      tx,
      sql`SELECT b.id, b.code, b.name,
                 count(r.id)::int AS rooms,
                 coalesce(sum(r.valid_beds), 0)::int AS valid_beds,
                 coalesce(sum(r.occupied), 0)::int AS occupied,
                 coalesce(sum(r.valid_beds - r.occupied) FILTER (WHERE r.gender = '1'), 0)::int AS free_boys,
                 coalesce(sum(r.valid_beds - r.occupied) FILTER (WHERE r.gender = '2'), 0)::int AS free_girls
          FROM dorm_buildings b
          LEFT JOIN LATERAL (
            SELECT r.id, r.gender, r.valid_beds, (SELECT count(*) FROM dorm_stays s WHERE s.tenant_id = r.tenant_id AND s.room_id = r.id AND s.to_date IS NULL)::int AS occupied
            FROM dorm_rooms r WHERE r.tenant_id = b.tenant_id AND r.building_id = b.id
          ) r ON true
          GROUP BY b.id, b.code, b.name ORDER BY b.code`,
    ),

  /** Boarders without a bed, counted by gender ('' none recorded). */
  waitingByGender: (tx: Tx) =>
    rowsOf<{ gender: string; count: number }>(tx, sql`SELECT coalesce(u.gender, '') AS gender, count(*)::int AS count FROM students s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id WHERE ${WAITING} GROUP BY 1`),

  grades: (tx: Tx) => rowsOf<{ id: string; name: string; name_en: string }>(tx, sql`SELECT id, name, name_en FROM org_units WHERE kind = 'grade' AND NOT coalesce(graduated, false) ORDER BY grade_level, sort, code`),

  /** The boarders a picker offers: without a bed, by name or number and gender, in class order. */
  waiting: (tx: Tx, keyword: string, gender: string, limit: number) => {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return rowsOf<StudentRow>(
      tx,
      sql`SELECT ${STUDENT_COLUMNS} FROM students s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
          LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
          WHERE ${WAITING} ${keyword ? sql`AND (u.name ILIKE ${like} OR u.user_no ILIKE ${like})` : sql``} ${gender ? sql`AND u.gender = ${gender}` : sql``}
          ORDER BY c.grade_level NULLS LAST, c.sort, c.code, u.user_no LIMIT ${limit}`,
    );
  },

  /** A building's rooms in order. */
  rooms: (tx: Tx, buildingId: string) =>
    rowsOf<{ id: string; code: string; floor: number; gender: string; total_beds: number; valid_beds: number }>(
      tx,
      sql`SELECT id, code, floor, gender, total_beds, valid_beds FROM dorm_rooms WHERE building_id = ${buildingId} ORDER BY floor, code`,
    ),

  /** The open stays of a building's rooms with who sleeps there. */
  openStays: (tx: Tx, buildingId: string) =>
    rowsOf<StudentRow & { stay_id: string; room_id: string; bed_no: number; from_date: string }>(
      tx,
      sql`SELECT st.id AS stay_id, st.room_id, st.bed_no, st.from_date::text AS from_date, ${STUDENT_COLUMNS}
          FROM dorm_stays st JOIN dorm_rooms r ON r.tenant_id = st.tenant_id AND r.id = st.room_id
          JOIN users u ON u.tenant_id = st.tenant_id AND u.id = st.student_id
          LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
          WHERE r.building_id = ${buildingId} AND st.to_date IS NULL`,
    ),

  buildingExists: async (tx: Tx, buildingId: string) => (await rowsOf(tx, sql`SELECT 1 FROM dorm_buildings WHERE id = ${buildingId}`)).length > 0,

  /** The room a placement goes to, read FOR SHARE: its valid beds and gender hold until the placement commits. */
  roomForShare: async (tx: Tx, roomId: string) =>
    (await rowsOf<{ id: string; code: string; valid_beds: number; gender: string }>(tx, sql`SELECT id, code, valid_beds, gender FROM dorm_rooms WHERE id = ${roomId} FOR SHARE`))[0],

  /** What placing a student needs to know: gender, boarder now, and the open stay's id if any. */
  student: async (tx: Tx, studentId: string) =>
    (
      await rowsOf<{ gender: string | null; boarder: boolean | null; open_stay: string | null }>(
        tx,
        sql`SELECT u.gender, (s.boarding AND s.status = 'studying') AS boarder,
                   (SELECT o.id FROM dorm_stays o WHERE o.tenant_id = u.tenant_id AND o.student_id = u.id AND o.to_date IS NULL) AS open_stay
            FROM users u LEFT JOIN students s ON s.tenant_id = u.tenant_id AND s.user_id = u.id WHERE u.id = ${studentId}`,
      )
    )[0],

  bedTaken: async (tx: Tx, roomId: string, bedNo: number) =>
    (await rowsOf(tx, sql`SELECT 1 FROM dorm_stays WHERE room_id = ${roomId} AND bed_no = ${bedNo} AND to_date IS NULL`)).length > 0,

  /** An open stay locked for its end. */
  openStayForUpdate: async (tx: Tx, stayId: string) =>
    (
      await rowsOf<{ id: string; student_id: string; room_id: string; bed_no: number; from_date: string }>(
        tx,
        sql`SELECT id, student_id, room_id, bed_no, from_date::text AS from_date FROM dorm_stays WHERE id = ${stayId} AND to_date IS NULL FOR UPDATE`,
      )
    )[0],

  /** Ends the open stays of these ids on `date`. */
  endStays: (tx: Tx, ids: readonly string[], date: string, reason: string, userId: string | null) =>
    tx.execute(sql`UPDATE dorm_stays SET to_date = ${date}, end_reason = ${reason}, ended_at = now(), ended_by = ${userId} WHERE id = ANY(${sql.param([...ids])}::uuid[]) AND to_date IS NULL`),

  /** The open stay of a student, if any (a status change releases it). */
  openStayOf: async (tx: Tx, studentId: string) =>
    (await rowsOf<{ id: string; from_date: string }>(tx, sql`SELECT id, from_date::text AS from_date FROM dorm_stays WHERE student_id = ${studentId} AND to_date IS NULL FOR UPDATE`))[0],

  insertStays: async (tx: Tx, tenantId: string, rows: readonly { id: string; studentId: string; roomId: string; bedNo: number }[], date: string, userId: string | null) => {
    // one statement per 1,000 rows keeps the bind parameters well under PostgreSQL's 65,535
    for (let at = 0; at < rows.length; at += 1000) {
      const batch = rows.slice(at, at + 1000);
      await tx.execute(sql`INSERT INTO dorm_stays (tenant_id, id, room_id, bed_no, student_id, from_date, created_by)
        SELECT ${tenantId}::uuid, x.id, x.room_id, x.bed_no, x.student_id, ${date}::date, ${userId}::uuid
        FROM unnest(${sql.param(batch.map((row) => row.id))}::uuid[], ${sql.param(batch.map((row) => row.roomId))}::uuid[], ${sql.param(batch.map((row) => row.bedNo))}::int[], ${sql.param(batch.map((row) => row.studentId))}::uuid[])
          AS x(id, room_id, bed_no, student_id)`);
    }
  },

  /** Serialises automatic allocations of one school: the second runs on what the first placed. */
  lockAllocation: (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('dorm-allocation:' || current_setting('app.tenant_id'), 0))`),

  /** The boarders automatic allocation places: waiting, of one grade or all, in queue order. */
  allocationBoarders: async (tx: Tx, gradeId: string): Promise<(AllocationBoarder & Omit<StudentRow, 'id' | 'gender' | 'user_no'>)[]> =>
    (
      await rowsOf<StudentRow & { class_id: string | null; grade_level: number | null; class_sort: number | null; class_code: string | null }>(
        tx,
        sql`SELECT ${STUDENT_COLUMNS}, c.id AS class_id, c.grade_level, c.sort AS class_sort, c.code AS class_code
            FROM students s JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
            LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
            WHERE ${WAITING} ${gradeId ? sql`AND c.parent_id = ${gradeId}` : sql``}`,
      )
    ).map((row) => ({
      id: row.id,
      name: row.name,
      userNo: row.user_no,
      gender: row.gender,
      classId: row.class_id,
      gradeLevel: row.grade_level ?? 99,
      classSort: row.class_sort ?? 0,
      classCode: row.class_code ?? '',
      class_name: row.class_name,
      class_name_en: row.class_name_en,
    })),

  /** Rooms in fill order (building code, floor, room number) with their free valid beds and who lives there now. */
  allocationRooms: async (tx: Tx, buildingId: string): Promise<AllocationRoom[]> => {
    const rows = await rowsOf<{ id: string; gender: string; valid_beds: number; taken: number[] | null; classes: string[] | null; grades: number[] | null }>(
      tx,
      sql`SELECT r.id, r.gender, r.valid_beds,
                 array_agg(st.bed_no) FILTER (WHERE st.id IS NOT NULL) AS taken,
                 array_agg(u.org_unit_id::text) FILTER (WHERE u.org_unit_id IS NOT NULL) AS classes,
                 array_agg(c.grade_level) FILTER (WHERE c.grade_level IS NOT NULL) AS grades
          FROM dorm_rooms r JOIN dorm_buildings b ON b.tenant_id = r.tenant_id AND b.id = r.building_id
          LEFT JOIN dorm_stays st ON st.tenant_id = r.tenant_id AND st.room_id = r.id AND st.to_date IS NULL
          LEFT JOIN users u ON u.tenant_id = st.tenant_id AND u.id = st.student_id
          LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
          WHERE r.valid_beds > 0 ${buildingId ? sql`AND r.building_id = ${buildingId}` : sql``}
          GROUP BY r.id, r.gender, r.valid_beds, b.code, r.floor, r.code
          ORDER BY b.code, r.floor, r.code`,
    );
    return rows.map((row) => {
      const taken = new Set(row.taken ?? []);
      const classes = new Map<string, number>();
      for (const classId of row.classes ?? []) classes.set(classId, (classes.get(classId) ?? 0) + 1);
      return {
        id: row.id,
        gender: row.gender,
        freeBeds: Array.from({ length: row.valid_beds }, (_, index) => index + 1).filter((bed) => !taken.has(bed)),
        classes,
        grades: new Set(row.grades ?? []),
      };
    });
  },

  /** Stays, newest first: of a student, of a room, or (neither) the school's latest. */
  history: (tx: Tx, studentId: string, roomId: string, limit: number) =>
    rowsOf<StudentRow & { stay_id: string; building_name: string; room_code: string; bed_no: number; from_date: string; to_date: string | null; end_reason: string | null }>(
      tx,
      sql`SELECT st.id AS stay_id, b.name AS building_name, r.code AS room_code, st.bed_no, st.from_date::text AS from_date, st.to_date::text AS to_date, st.end_reason, ${STUDENT_COLUMNS}
          FROM dorm_stays st JOIN dorm_rooms r ON r.tenant_id = st.tenant_id AND r.id = st.room_id
          JOIN dorm_buildings b ON b.tenant_id = r.tenant_id AND b.id = r.building_id
          JOIN users u ON u.tenant_id = st.tenant_id AND u.id = st.student_id
          LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
          WHERE true ${studentId ? sql`AND st.student_id = ${studentId}` : sql``} ${roomId ? sql`AND st.room_id = ${roomId}` : sql``}
          ORDER BY st.from_date DESC, st.created_at DESC LIMIT ${limit}`,
    ),

  /** Every open stay in building, floor, room, bed order (the export's residents). */
  residents: (tx: Tx) =>
    rowsOf<StudentRow & { building_name: string; floor: number; room_code: string; bed_no: number; from_date: string }>(
      tx,
      sql`SELECT b.name AS building_name, r.floor, r.code AS room_code, st.bed_no, st.from_date::text AS from_date, ${STUDENT_COLUMNS}
          FROM dorm_stays st JOIN dorm_rooms r ON r.tenant_id = st.tenant_id AND r.id = st.room_id
          JOIN dorm_buildings b ON b.tenant_id = r.tenant_id AND b.id = r.building_id
          JOIN users u ON u.tenant_id = st.tenant_id AND u.id = st.student_id
          LEFT JOIN org_units c ON c.tenant_id = u.tenant_id AND c.id = u.org_unit_id
          WHERE st.to_date IS NULL ORDER BY b.code, r.floor, r.code, st.bed_no`,
    ),

  /** 用户日志's target: the student (number) and the bed. */
  placementTarget: async (tx: Tx, studentId: string, roomId: string, bedNo: number) =>
    (
      await rowsOf<{ label: string }>(
        tx,
        sql`SELECT (SELECT name || ' (' || user_no || ')' FROM users WHERE id = ${studentId}) || ' → ' || coalesce((SELECT code FROM dorm_rooms WHERE id = ${roomId}), '?') || '-' || ${bedNo}::text AS label`,
      )
    )[0]?.label ?? null,

  stayTarget: async (tx: Tx, stayId: string) =>
    (
      await rowsOf<{ label: string }>(
        tx,
        sql`SELECT u.name || ' (' || u.user_no || ') ' || r.code || '-' || st.bed_no AS label FROM dorm_stays st
            JOIN users u ON u.tenant_id = st.tenant_id AND u.id = st.student_id JOIN dorm_rooms r ON r.tenant_id = st.tenant_id AND r.id = st.room_id WHERE st.id = ${stayId}`,
      )
    )[0]?.label ?? null,
};
