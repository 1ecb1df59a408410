import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tenants } from './tenants.table';

const tenantColumns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  nameEn: tenants.nameEn,
  kind: tenants.kind,
  enabled: tenants.enabled,
};

export const tenantsRepository = {
  findById: (tx: Tx, id: string) =>
    tx.select(tenantColumns).from(tenants).where(eq(tenants.id, id)).limit(1).then((rows) => rows[0]),

  findEnabledByCode: (tx: Tx, code: string) =>
    tx
      .select(tenantColumns)
      .from(tenants)
      .where(and(eq(tenants.code, code), eq(tenants.enabled, true)))
      .limit(1)
      .then((rows) => rows[0]),

  findEnabledByHost: (tx: Tx, host: string) =>
    tx
      .select(tenantColumns)
      .from(tenants)
      .where(and(sql`${host} = ANY(${tenants.hosts})`, eq(tenants.enabled, true)))
      .limit(1)
      .then((rows) => rows[0]),

  listEnabled: (tx: Tx) => tx.select(tenantColumns).from(tenants).where(eq(tenants.enabled, true)).orderBy(asc(tenants.code)),
};
