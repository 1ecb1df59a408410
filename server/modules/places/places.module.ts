import { eq, max } from 'drizzle-orm';
import { type Label, unknownText } from '../../../contracts/resource';
import { buildings } from '../../../contracts/resources/buildings';
import { campuses } from '../../../contracts/resources/campuses';
import { classrooms } from '../../../contracts/resources/classrooms';
import { crudModule } from '../../kit/crud-module';
import { classrooms as classroomsTable } from './classrooms.table';
import { buildings as buildingsTable, campuses as campusesTable } from './places.table';

// A classroom's floor stays within its building's floors, both ways (the database holds it too:
// migration 0026's trigger); these say it in the field's words, on a save and on each import row.
const TEXT = {
  // a building deleted since the kit found it (the kit says the same of ids that name nothing)
  buildingGone: unknownText(classrooms.fields.buildingId),
  floorAbove: (floors: number) => ({ zh: `所在楼层不能大于教学楼的楼层数${floors}`, en: `The floor may be at most the building's ${floors} floors` }),
  floorsBelow: (floor: number) => ({ zh: `楼层数不能小于${floor}：有教室在第${floor}层`, en: `The floors cannot be fewer than ${floor}: a classroom is on floor ${floor}` }),
} satisfies Record<string, Label | ((count: number) => Label)>;

/** 校区管理 (/jcsj/xqgl): a campus that org units, users or buildings name cannot be deleted (their foreign keys). */
export const campusesModule = crudModule(campuses, campusesTable);

/** 教学楼管理 (/xlcd/jxlgl): a building with classrooms cannot be deleted (their foreign key), nor lose a floor one uses. */
export const buildingsModule = crudModule(buildings, buildingsTable, {
  async saveIssues(tx, values, existing) {
    if (!existing) return [];
    const [highest] = await tx.select({ floor: max(classroomsTable.floor) }).from(classroomsTable).where(eq(classroomsTable.buildingId, existing.id));
    const floor = highest?.floor ?? 0;
    return (values.floors as number) < floor ? [{ field: 'floors', message: TEXT.floorsBelow(floor) }] : [];
  },
});

/** 教室管理 (/xlcd/jsgl): its building (read FOR SHARE: a change of the building's floors waits) has its floor. */
export const classroomsModule = crudModule(classrooms, classroomsTable, {
  async saveIssues(tx, values) {
    const [building] = await tx.select({ floors: buildingsTable.floors }).from(buildingsTable).where(eq(buildingsTable.id, values.buildingId as string)).for('share');
    if (!building) return [{ field: 'buildingId', message: TEXT.buildingGone }];
    return (values.floor as number) > building.floors ? [{ field: 'floor', message: TEXT.floorAbove(building.floors) }] : [];
  },
});
