import { and, eq, isNull, max } from 'drizzle-orm';
import { DORM_TEXT } from '../../../contracts/dorms-rules';
import { unknownText, type FieldIssue } from '../../../contracts/resource';
import { dormBuildings } from '../../../contracts/resources/dorm-buildings';
import { dormRooms } from '../../../contracts/resources/dorm-rooms';
import { crudModule } from '../../kit/crud-module';
import { dormBuildings as dormBuildingsTable, dormRooms as dormRoomsTable, dormStays } from './dorms.table';

// The kit lists of 宿舍管理. Migration 0030's triggers hold the same rules for every writer; these say
// them first, in the field's words, on a save and on each import row.

/** 宿舍楼: a building with rooms cannot be deleted (their foreign key), nor lose a floor one uses. */
export const dormBuildingsModule = crudModule(dormBuildings, dormBuildingsTable, {
  async saveIssues(tx, values, existing) {
    if (!existing) return [];
    const [highest] = await tx.select({ floor: max(dormRoomsTable.floor) }).from(dormRoomsTable).where(eq(dormRoomsTable.buildingId, existing.id));
    const floor = highest?.floor ?? 0;
    return (values.floors as number) < floor ? [{ field: 'floors', message: DORM_TEXT.floorsBelow(floor) }] : [];
  },
});

/**
 * 宿舍房间: valid beds not above total beds (SPEC §5), the floor within its building's (read FOR SHARE),
 * and while students live there: no valid bed fewer than the highest bed taken, no other gender.
 * A room with stays, even ended ones, cannot be deleted (their foreign key keeps the history).
 */
export const dormRoomsModule = crudModule(dormRooms, dormRoomsTable, {
  async saveIssues(tx, values, existing) {
    const issues: FieldIssue[] = [];
    if ((values.validBeds as number) > (values.totalBeds as number)) issues.push({ field: 'validBeds', message: DORM_TEXT.validAboveTotal });
    const [building] = await tx.select({ floors: dormBuildingsTable.floors }).from(dormBuildingsTable).where(eq(dormBuildingsTable.id, values.buildingId as string)).for('share');
    if (!building) issues.push({ field: 'buildingId', message: unknownText(dormRooms.fields.buildingId) });
    else if ((values.floor as number) > building.floors) issues.push({ field: 'floor', message: DORM_TEXT.floorAbove(building.floors) });
    if (existing) {
      const open = await tx
        .select({ bedNo: dormStays.bedNo })
        .from(dormStays)
        .where(and(eq(dormStays.roomId, existing.id), isNull(dormStays.toDate)));
      const highest = Math.max(0, ...open.map((stay) => stay.bedNo));
      if (highest > (values.validBeds as number) && !issues.some((issue) => issue.field === 'validBeds')) issues.push({ field: 'validBeds', message: DORM_TEXT.validBelowOccupied(highest) });
      if (open.length > 0 && values.gender !== existing.gender) issues.push({ field: 'gender', message: DORM_TEXT.genderOccupied });
    }
    return issues;
  },
});
