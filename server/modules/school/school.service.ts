import type { LogoData } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import { schoolRepository } from './school.repository';

export interface Semester {
  id: string;
  name: string;
  nameEn: string;
  /** YYYY-MM-DD, inclusive */
  startDate: string;
  endDate: string;
  isCurrent: boolean;
}

export class SchoolService {
  /** The semester containing `date` (YYYY-MM-DD), or undefined when the day is outside every semester. */
  semesterOn(tx: Tx, date: string): Promise<Semester | undefined> {
    return schoolRepository.semesterOn(tx, date);
  }

  /** `GET /api/k12saas/xxjbxx/getLogo`: the logo file id and its address, '' for the default logo. */
  async logo(tx: Tx, hasTenant: boolean): Promise<LogoData> {
    const info = hasTenant ? await schoolRepository.info(tx) : undefined;
    const fileId = info?.logo ?? '';
    return { LOGO: fileId, url: fileId ? `/file/download/${encodeURIComponent(fileId)}` : '' };
  }
}
