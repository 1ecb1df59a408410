import type { LogoData } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import { schoolRepository } from './school.repository';

export class SchoolService {
  /** `GET /api/k12saas/xxjbxx/getLogo`: the logo file id and its address, '' for the default logo. */
  async logo(tx: Tx, hasTenant: boolean): Promise<LogoData> {
    const info = hasTenant ? await schoolRepository.info(tx) : undefined;
    const fileId = info?.logo ?? '';
    return { LOGO: fileId, url: fileId ? `/file/download/${encodeURIComponent(fileId)}` : '' };
  }
}
