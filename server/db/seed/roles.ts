import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../client';
import { runFilter } from '../../modules/roles/roles.filter';
import { rolesRepository } from '../../modules/roles/roles.repository';

/**
 * Demo dynamic roles (issue 10), K12 demo school: 八年级班主任 from a SELECT over the duties, and
 * 九年级家长 from the procedure role_filters.parents_of_students('9', '', ''). Their members are
 * materialised as the server does at save (user_roles.source 'dynamic'). Grades 8 and 9, so the
 * demo accounts (grade 7's demo class) keep exactly their seeded roles.
 */
export async function seedRoles(db: Database, tenantId: string): Promise<void> {
  const demo = [
    {
      code: 'grade8_head_teachers',
      name: '八年级班主任',
      nameEn: 'Grade 8 head teachers',
      filterKind: 'select' as const,
      filter: "SELECT d.user_id FROM duties d JOIN orgs o ON o.id = d.org_unit_id WHERE d.duty = 'head_teacher' AND o.grade_level = 8 AND NOT o.graduated",
      filterParams: [] as string[],
      remark: '动态角色示例：八年级各班的班主任',
    },
    {
      code: 'grade9_parents',
      name: '九年级家长',
      nameEn: 'Grade 9 parents',
      filterKind: 'procedure' as const,
      filter: 'parents_of_students',
      filterParams: ['9', '', ''],
      remark: '动态角色示例：存储过程 parents_of_students（年级、班级代码、关系）',
    },
  ];
  for (const [index, role] of demo.entries()) {
    const id = uuidv7();
    const ids = await runFilter(db, tenantId, role.filterKind, role.filter, role.filterParams);
    await db.withTenant(tenantId, async (tx) => {
      await rolesRepository.insert(
        tx,
        tenantId,
        id,
        {
          ...role,
          businessSystem: 'xiaowu',
          type: 'sql',
          sort: 900 + index * 10,
        },
        null,
      );
      await rolesRepository.syncDynamicMembers(tx, tenantId, id, ids);
    });
  }
}
