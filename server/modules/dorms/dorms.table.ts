import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { buildingTable } from '../places/places.table';
import { users } from '../users/users.table';

// 宿舍管理 (SPEC §3 Dormitory, §5 places): dormitory buildings → rooms → stays (who sleeps in which bed
// from when to when). Migration 0030 adds the triggers: a room's floor within its building's floors,
// a stay's bed among the room's valid beds and the student of the room's gender, a room's valid beds
// and gender never leaving an open stay behind.

/** 宿舍楼: their own rows, not 教学楼's (another menu, another permission; no classroom belongs in one), of the same shape. */
export const dormBuildings = buildingTable('dorm_buildings');

/** 宿舍房间: beds 1…total_beds, of which 1…valid_beds can be slept in; one resident gender. */
export const dormRooms = pgTable(
  'dorm_rooms',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    /** 房间号, unique in the school */
    code: text('code').notNull(),
    buildingId: uuid('building_id').notNull(),
    floor: integer('floor').notNull(),
    totalBeds: integer('total_beds').notNull(),
    validBeds: integer('valid_beds').notNull(),
    /** GB/T 2261.1, as users.gender: 1 boys, 2 girls */
    gender: text('gender', { enum: ['1', '2'] }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // a room number is unique within its building (0036)
    uniqueIndex('dorm_rooms_tenant_building_code_key').on(t.tenantId, t.buildingId, t.code),
    index('dorm_rooms_tenant_building_idx').on(t.tenantId, t.buildingId, t.floor),
    // no cascade: a building with rooms is refused (23503 → the definition's inUse words)
    foreignKey({ name: 'dorm_rooms_building_fk', columns: [t.tenantId, t.buildingId], foreignColumns: [dormBuildings.tenantId, dormBuildings.id] }),
    check('dorm_rooms_code_check', sql`char_length(${t.code}) BETWEEN 1 AND 30`),
    check('dorm_rooms_floor_check', sql`${t.floor} BETWEEN 1 AND 9`),
    check('dorm_rooms_total_beds_check', sql`${t.totalBeds} BETWEEN 1 AND 20`),
    // SPEC §5 places: valid beds not above total beds
    check('dorm_rooms_valid_beds_check', sql`${t.validBeds} BETWEEN 0 AND ${t.totalBeds}`),
    check('dorm_rooms_gender_check', sql`${t.gender} IN ('1', '2')`),
  ],
);

/**
 * 住宿记录: a student in a bed from from_date until to_date (exclusive; null = still there). A move
 * ends one row and opens another on the same date; a check-out ends it. At most one open row per bed
 * and per student (partial unique indexes): of two administrators placing at once, one wins.
 */
export const dormStays = pgTable(
  'dorm_stays',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    roomId: uuid('room_id').notNull(),
    bedNo: integer('bed_no').notNull(),
    studentId: uuid('student_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }),
    /** why it ended: move, checkout, release (休学 / 转出) */
    endReason: text('end_reason', { enum: ['move', 'checkout', 'release'] }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    endedAt: timestamptz('ended_at'),
    endedBy: uuid('ended_by'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dorm_stays_open_bed_key').on(t.tenantId, t.roomId, t.bedNo).where(sql`${t.toDate} IS NULL`),
    uniqueIndex('dorm_stays_open_student_key').on(t.tenantId, t.studentId).where(sql`${t.toDate} IS NULL`),
    index('dorm_stays_tenant_student_idx').on(t.tenantId, t.studentId, t.fromDate),
    index('dorm_stays_tenant_room_idx').on(t.tenantId, t.roomId, t.fromDate),
    foreignKey({ name: 'dorm_stays_room_fk', columns: [t.tenantId, t.roomId], foreignColumns: [dormRooms.tenantId, dormRooms.id] }),
    foreignKey({ name: 'dorm_stays_student_fk', columns: [t.tenantId, t.studentId], foreignColumns: [users.tenantId, users.id] }),
    check('dorm_stays_bed_no_check', sql`${t.bedNo} BETWEEN 1 AND 20`),
    check('dorm_stays_dates_check', sql`${t.toDate} IS NULL OR ${t.toDate} >= ${t.fromDate}`),
    check('dorm_stays_end_check', sql`(${t.toDate} IS NULL) = (${t.endReason} IS NULL)`),
  ],
);
