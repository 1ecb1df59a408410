import type { Tx } from '../../db/client';
import { schoolInfo } from './school.table';

export const schoolRepository = {
  info: (tx: Tx) =>
    tx
      .select({ name: schoolInfo.name, logo: schoolInfo.logo })
      .from(schoolInfo)
      .limit(1)
      .then((rows) => rows[0]),
};
