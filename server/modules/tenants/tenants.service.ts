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

const TENANT_CACHE_MS = 60_000;

/** Schools. Global data: readable in any app-role transaction, before a tenant is entered. */
export class TenantsService {
  /** Schools by id, briefly: every getPermission names its school, and schools rarely change. */
  private readonly byId = new Map<string, { tenant: Tenant; expiresAt: number }>();

  async findById(tx: Tx, id: string): Promise<Tenant | null> {
    const cached = this.byId.get(id);
    if (cached && cached.expiresAt > Date.now()) return cached.tenant;
    const tenant = (await tenantsRepository.findById(tx, id)) ?? null;
    if (tenant) this.byId.set(id, { tenant, expiresAt: Date.now() + TENANT_CACHE_MS });
    return tenant;
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
