import type { CacheBus, SharedCache } from '../../db/cache-bus';
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
  /**
   * Schools by id: a logged-in call may name its school (getPermission's payload caches it too).
   * No route changes a school today (the owner does, in SQL); the expiry bounds how long such an
   * edit takes to show. A future edit route evicts with `bus.notify(tx, { caches: [byId], tenantId })`.
   */
  private readonly byId: SharedCache<Tenant | null>;

  constructor(bus: CacheBus) {
    this.byId = bus.sharedCache({ name: 'tenants', ttlMs: TENANT_CACHE_MS, maxEntries: 10_000 });
  }

  findById(tx: Tx, id: string): Promise<Tenant | null> {
    return this.byId.load(id, { tenantId: id }, async () => (await tenantsRepository.findById(tx, id)) ?? null);
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
