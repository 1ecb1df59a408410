import type { Database } from '../../db/client';
import { ownerQuery } from '../../test/helpers';

/**
 * "Nothing changed", safe while other test files run: a digest of the seeded rows of the demo
 * schools (created up to the kg admin account, before any test ran) in users, user_roles, roles and
 * role_menus, plus the number of roles and user rows of the demo schools that are not throwaway
 * test accounts ('u_…'). Tests must never change seeded rows; a refused filter changes nothing.
 */
export async function seededDigest(db: Database): Promise<Record<string, string | null>> {
  const rows = await ownerQuery<Record<string, string | null>>(
    db,
    `WITH schools AS (SELECT id FROM tenants WHERE code IN ('demo', 'kg')),
          seeded AS (SELECT max(created_at) AS t FROM users WHERE username = 'admin' AND tenant_id IN (SELECT id FROM schools))
     SELECT
       (SELECT md5(string_agg(u.id::text || u.name || u.enabled::text || u.version::text, ',' ORDER BY u.id)) FROM users u, seeded
         WHERE u.tenant_id IN (SELECT id FROM schools) AND u.created_at <= seeded.t) AS users,
       (SELECT md5(string_agg(ur.user_id::text || ur.role_id::text || ur.source, ',' ORDER BY ur.user_id, ur.role_id)) FROM user_roles ur, seeded
         WHERE ur.tenant_id IN (SELECT id FROM schools) AND ur.created_at <= seeded.t) AS user_roles,
       (SELECT md5(string_agg(r.id::text || r.code || r.version::text || r.filter || r.members_error, ',' ORDER BY r.id)) FROM roles r, seeded
         WHERE r.tenant_id IN (SELECT id FROM schools) AND r.created_at <= seeded.t) AS roles,
       (SELECT md5(string_agg(rm.role_id::text || rm.menu_id::text, ',' ORDER BY rm.role_id, rm.menu_id)) FROM role_menus rm, seeded
         WHERE rm.tenant_id IN (SELECT id FROM schools) AND rm.created_at <= seeded.t) AS role_menus,
       (SELECT count(*)::text FROM users WHERE tenant_id IN (SELECT id FROM schools) AND username NOT LIKE 'u\\_%' AND created_by IS NULL) AS plain_users`,
  );
  return rows[0]!;
}
