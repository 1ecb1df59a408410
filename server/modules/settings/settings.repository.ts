import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { tenants } from '../tenants/tenants.table';
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

  /** Whether the current school (app.tenant_id) lists `host` among its host names (tenants.hosts). */
  schoolListsHost: async (tx: Tx, host: string) =>
    host !== '' &&
    (await tx.select({ id: tenants.id }).from(tenants).where(and(eq(tenants.id, sql`current_setting('app.tenant_id')::uuid`), sql`${host} = ANY(${tenants.hosts})`))).length > 0,

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

  /**
   * The platform school: the one XIAOWU_PLATFORM_TENANT names. Unset, or naming no school: none, so
   * nobody edits the deployment-wide fields from the screen (a deployment's security switch is not
   * any school's to flip; the demo start and the e2e server set it to 'demo').
   */
  platformTenant: async (tx: Tx, code: string) => {
    if (!code) return undefined;
    const result = await tx.execute<{ id: string; name: string; code: string }>(sql`SELECT id::text, name, code FROM tenants WHERE code = ${code} LIMIT 1`);
    return result.rows[0];
  },
};
