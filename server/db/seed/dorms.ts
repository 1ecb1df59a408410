import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays, schoolDate } from '../../../contracts/school-time';
import { planAllocation } from '../../modules/dorms/dorm-allocation';
import { dormsRepository } from '../../modules/dorms/dorms.repository';
import { dormBuildings, dormRooms, dormStays } from '../../modules/dorms/dorms.table';
import { campuses } from '../../modules/places/places.table';
import { orgUnits } from '../../modules/school/school.table';
import type { Tx } from '../client';

/** 宿舍楼 of the K12 demo school, on the campus of grades 7–9 (东校区): one for boys, one for girls. */
const DEMO_DORMS = [
  { code: 1, name: '男生宿舍楼', gender: '1', prefix: 'B' },
  { code: 2, name: '女生宿舍楼', gender: '2', prefix: 'G' },
] as const;
const FLOORS = 3;
/** beds of the rooms of a floor, in turn (SPEC §3: total beds); the last room of the top floor has a broken bed */
const BEDS = [4, 6, 8, 6] as const;

/**
 * 宿舍管理's demo (issue 23 item 6), the K12 school only (the kindergarten has no dormitories): two
 * buildings, rooms of 4–8 beds, and the boarders of grades 8 and 9 placed by the automatic allocation a
 * month ago, one of them moved since (a dated history); grade 7's boarders wait for a bed.
 */
export async function seedDorms(tx: Tx, tenantId: string, today: Date): Promise<void> {
  const [campus] = await tx.select({ id: campuses.id }).from(campuses).where(eq(campuses.code, 'DX'));
  if (!campus) return;
  const roomRows: (typeof dormRooms.$inferInsert)[] = [];
  for (const building of DEMO_DORMS) {
    const buildingId = uuidv7();
    await tx.insert(dormBuildings).values({ tenantId, id: buildingId, code: building.code, name: building.name, floors: FLOORS, campusId: campus.id });
    for (let floor = 1; floor <= FLOORS; floor += 1) {
      BEDS.forEach((beds, index) => {
        const broken = floor === FLOORS && index === BEDS.length - 1 ? 1 : 0;
        roomRows.push({ tenantId, id: uuidv7(), buildingId, floor, code: `${building.prefix}${floor}${String(index + 1).padStart(2, '0')}`, totalBeds: beds, validBeds: beds - broken, gender: building.gender });
      });
    }
  }
  await tx.insert(dormRooms).values(roomRows);

  const monthAgo = addDays(schoolDate(today), -30);
  const grades = await tx.select({ id: orgUnits.id }).from(orgUnits).where(and(eq(orgUnits.kind, 'grade'))).orderBy(asc(orgUnits.gradeLevel));
  const placedGrades = grades.slice(-2);
  for (const grade of placedGrades) {
    const plan = planAllocation(await dormsRepository.allocationBoarders(tx, grade.id), await dormsRepository.allocationRooms(tx, ''));
    await dormsRepository.insertStays(tx, tenantId, plan.placements.map((placement) => ({ id: uuidv7(), ...placement })), monthAgo, null);
  }
  // one boarder moved ten days ago: the first stay ended, the second open
  const [first] = await tx.select().from(dormStays).orderBy(asc(dormStays.id)).limit(1);
  const rooms = await dormsRepository.allocationRooms(tx, '');
  const spare = rooms.find((room) => room.freeBeds.length > 0 && room.id !== first?.roomId && roomRows.find((row) => row.id === room.id)?.gender === roomRows.find((row) => row.id === first?.roomId)?.gender);
  if (first && spare) {
    const moved = addDays(schoolDate(today), -10);
    await dormsRepository.endStays(tx, [first.id], moved, 'move', null);
    await dormsRepository.insertStays(tx, tenantId, [{ id: uuidv7(), studentId: first.studentId, roomId: spare.id, bedNo: spare.freeBeds[0]! }], moved, null);
  }
}
