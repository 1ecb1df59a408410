import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { UserType } from '../../../contracts/session';
import { classrooms } from '../../modules/places/classrooms.table';
import { buildings, campuses } from '../../modules/places/places.table';
import { users } from '../../modules/users/users.table';
import type { Tx } from '../client';

interface SeedBuilding {
  code: number;
  name: string;
  floors: number;
  /** classrooms a floor (教室类别 STD_JSLB: 1 普通教室, 3 实验室) */
  rooms: number;
  category: '1' | '3';
}

/** 教学楼 of the demo schools by campus code (server/db/seed/profiles.ts campuses). */
export const DEMO_BUILDINGS: Record<string, readonly SeedBuilding[]> = {
  BB: [
    { code: 1, name: '明德楼', floors: 5, rooms: 4, category: '1' },
    { code: 2, name: '致远楼', floors: 5, rooms: 4, category: '1' },
    { code: 3, name: '实验楼', floors: 4, rooms: 3, category: '3' },
  ],
  DX: [{ code: 4, name: '博雅楼', floors: 4, rooms: 3, category: '1' }],
  YBB: [
    { code: 1, name: '童趣楼', floors: 3, rooms: 3, category: '1' },
    { code: 2, name: '阳光楼', floors: 2, rooms: 2, category: '1' },
  ],
};

/**
 * The places of one school: buildings on its seeded campuses, and their classrooms: room number
 * building + floor + room (1203), the first room of a building's ground floor a multimedia room, the
 * first building of a campus with a sports hall, administrators from the school's teachers.
 */
export async function seedPlaces(tx: Tx, tenantId: string): Promise<void> {
  const campusRows = await tx.select({ id: campuses.id, code: campuses.code }).from(campuses);
  const teachers = await tx.select({ id: users.id }).from(users).where(and(eq(users.userType, UserType.teacher), eq(users.enabled, true))).orderBy(asc(users.userNo)).limit(20);
  const buildingRows: (typeof buildings.$inferInsert)[] = [];
  const roomRows: (typeof classrooms.$inferInsert)[] = [];
  for (const campus of campusRows) {
    (DEMO_BUILDINGS[campus.code] ?? []).forEach(({ rooms, category, ...building }, index) => {
      const buildingId = uuidv7();
      buildingRows.push({ tenantId, id: buildingId, campusId: campus.id, ...building });
      const room = (floor: number, number: string, name: string, kind: string, capacity: number) =>
        roomRows.push({ tenantId, id: uuidv7(), buildingId, floor, code: `${building.code}${number}`, name, category: kind, capacity, adminId: teachers[roomRows.length % teachers.length]?.id ?? null });
      if (index === 0) room(1, '100', `${building.name}体育馆`, '5', 99);
      for (let floor = 1; floor <= building.floors; floor += 1) {
        for (let n = 1; n <= rooms; n += 1) {
          const number = `${floor}${String(n).padStart(2, '0')}`;
          room(floor, number, `${building.name}${number}`, floor === 1 && n === 1 ? '2' : category, category === '3' ? 30 : 45);
        }
      }
    });
  }
  if (buildingRows.length > 0) await tx.insert(buildings).values(buildingRows);
  if (roomRows.length > 0) await tx.insert(classrooms).values(roomRows);
}
