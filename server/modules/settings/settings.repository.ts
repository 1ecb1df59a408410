import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deploymentSettings, tenantRuntimeSettings } from './settings.table';

export interface TenantSettingsValues {
  loginTitle: string;
  loginFooter: string;
  pageTitle: string;
  publicOrigin: string;
}

// Tenant scoping of tenant_runtime_settings comes from row-level security; deployment_settings is global.
export const settingsRepository = {
  tenantSettings: (tx: Tx) =>
    tx
      .select()
      .from(tenantRuntimeSettings)
      .limit(1)
      .then((rows) => rows[0]),

  /** Inserts the school's row (first save, version 0 expected); false when a row exists already. */
  insertTenantSettings: (tx: Tx, tenantId: string, values: TenantSettingsValues, userId: string) =>
    tx
      .insert(tenantRuntimeSettings)
      .values({ tenantId, ...values, createdBy: userId, updatedBy: userId })
      .onConflictDoNothing()
      .returning({ version: tenantRuntimeSettings.version })
      .then((rows) => rows.length > 0),

  /** Updates when the stored version is `version`; false when it moved. */
  updateTenantSettings: (tx: Tx, version: number, values: TenantSettingsValues, userId: string) =>
    tx
      .update(tenantRuntimeSettings)
      .set({ ...values, updatedBy: userId, updatedAt: new Date(), version: sql`${tenantRuntimeSettings.version} + 1` })
      .where(eq(tenantRuntimeSettings.version, version))
      .returning({ version: tenantRuntimeSettings.version })
      .then((rows) => rows.length > 0),

  deployment: (tx: Tx) =>
    tx
      .select()
      .from(deploymentSettings)
      .where(eq(deploymentSettings.id, 1))
      .then((rows) => rows[0]),

  updateDeployment: (tx: Tx, version: number, values: { recordNumber: string | null; requestEncryption: boolean | null }, userId: string) =>
    tx
      .update(deploymentSettings)
      .set({ ...values, updatedBy: userId, updatedAt: new Date(), version: sql`${deploymentSettings.version} + 1` })
      .where(and(eq(deploymentSettings.id, 1), eq(deploymentSettings.version, version)))
      .returning({ version: deploymentSettings.version })
      .then((rows) => rows.length > 0),

  /** The platform school: by code, else 'demo', else the oldest school. */
  platformTenant: async (tx: Tx, code: string) => {
    const result = await tx.execute<{ id: string; name: string; code: string }>(sql`
      SELECT id::text, name, code FROM tenants
       ORDER BY (code = ${code}) DESC, (code = 'demo') DESC, created_at, code
       LIMIT 1`);
    const row = result.rows[0];
    // a configured code that names no school: no platform school (nobody edits the deployment fields)
    return code && row?.code !== code ? undefined : row;
  },
};
