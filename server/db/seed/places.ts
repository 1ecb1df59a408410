import { v7 as uuidv7 } from 'uuid';
import { buildings, campuses } from '../../modules/places/places.table';
import type { Tx } from '../client';

interface SeedBuilding {
  code: number;
  name: string;
  floors: number;
}

/** 教学楼 of the demo schools by campus code (server/db/seed/profiles.ts campuses). */
export const DEMO_BUILDINGS: Record<string, readonly SeedBuilding[]> = {
  BB: [
    { code: 1, name: '明德楼', floors: 5 },
    { code: 2, name: '致远楼', floors: 5 },
    { code: 3, name: '实验楼', floors: 4 },
  ],
  DX: [{ code: 4, name: '博雅楼', floors: 4 }],
  YBB: [
    { code: 1, name: '童趣楼', floors: 3 },
    { code: 2, name: '阳光楼', floors: 2 },
  ],
};

/** The places of one school: buildings on its seeded campuses. */
export async function seedPlaces(tx: Tx, tenantId: string): Promise<void> {
  const campusRows = await tx.select({ id: campuses.id, code: campuses.code }).from(campuses);
  const buildingRows = campusRows.flatMap((campus) => (DEMO_BUILDINGS[campus.code] ?? []).map((building) => ({ tenantId, id: uuidv7(), campusId: campus.id, ...building })));
  if (buildingRows.length > 0) await tx.insert(buildings).values(buildingRows);
}
