import type { Tx } from '../../db/client';
import { tenantsRepository } from './tenants.repository';
import type { TenantKind } from './tenants.table';

export interface Tenant {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  kind: TenantKind;
  enabled: boolean;
}

/** Schools. Global data: readable in any app-role transaction, before a tenant is entered. */
export class TenantsService {
  async findById(tx: Tx, id: string): Promise<Tenant | null> {
    return (await tenantsRepository.findById(tx, id)) ?? null;
  }

  /** enabled tenants only: a disabled school cannot be logged into */
  async findByCode(tx: Tx, code: string): Promise<Tenant | null> {
    return (await tenantsRepository.findEnabledByCode(tx, code.toLowerCase())) ?? null;
  }

  async findByHost(tx: Tx, host: string): Promise<Tenant | null> {
    return (await tenantsRepository.findEnabledByHost(tx, host.toLowerCase())) ?? null;
  }

  listEnabled(tx: Tx): Promise<Tenant[]> {
    return tenantsRepository.listEnabled(tx);
  }
}
