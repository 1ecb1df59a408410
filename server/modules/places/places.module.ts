import { buildings } from '../../../contracts/resources/buildings';
import { campuses } from '../../../contracts/resources/campuses';
import { crudModule } from '../../kit/crud-module';
import { buildings as buildingsTable, campuses as campusesTable } from './places.table';

/** 校区管理 (/jcsj/xqgl): a campus that org units, users or buildings name cannot be deleted (their foreign keys). */
export const campusesModule = crudModule(campuses, campusesTable);

/** 教学楼管理 (/xlcd/jxlgl): a building with classrooms cannot be deleted (their foreign key). */
export const buildingsModule = crudModule(buildings, buildingsTable);
