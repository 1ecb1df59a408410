import { and, desc, gte, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { schoolInfo, semesters } from './school.table';

const semesterColumns = { id: semesters.id, name: semesters.name, nameEn: semesters.nameEn, startDate: semesters.startDate, endDate: semesters.endDate, isCurrent: semesters.isCurrent };

export const schoolRepository = {
  info: (tx: Tx) =>
    tx
      .select({ name: schoolInfo.name, logo: schoolInfo.logo })
      .from(schoolInfo)
      .limit(1)
      .then((rows) => rows[0]),

  /** The semester whose dates contain `date` (YYYY-MM-DD); the latest-starting one if several do. */
  semesterOn: (tx: Tx, date: string) =>
    tx
      .select(semesterColumns)
      .from(semesters)
      .where(and(lte(semesters.startDate, date), gte(semesters.endDate, date)))
      .orderBy(desc(semesters.startDate))
      .limit(1)
      .then((rows) => rows[0]),
};
