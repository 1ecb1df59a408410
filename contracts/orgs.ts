import { z } from 'zod';
import { tableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { ORG_KINDS, ORG_SORT_MAX, type OrgKind } from './org-rules';

/**
 * 组织机构 (/system/org): the school's tree (the one school node; departments under it or under a
 * department; grades under it; classes under a grade), save / delete / move, and the members of a
 * node (users.org_unit_id: a department's staff, a class's students) with their duties. Field rules:
 * org-rules.ts (zod-free, shared with the form).
 */

export * from './org-rules';

export interface OrgNode {
  id: string;
  parentId: string | null;
  kind: OrgKind;
  code: string;
  name: string;
  nameEn: string;
  campusId: string | null;
  campusName: string;
  gradeLevel: number | null;
  graduated: boolean;
  sort: number;
  remark: string;
  /** people whose org unit it is */
  memberCount: number;
  version: number;
  children: OrgNode[];
}

/** `POST /api/orgs/tree`: the tree and the campuses a node may name. */
export interface OrgTreeData {
  nodes: OrgNode[];
  campuses: { id: string; name: string }[];
}

const text = (max: number) => z.string().max(max * 4);

/** `POST /api/orgs/save`: no id adds (system_org_add), an id edits (system_org_edit) at its version. */
export const orgSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().positive().optional(),
    parentId: z.uuid().nullable(),
    kind: z.enum(ORG_KINDS),
    code: text(30),
    name: text(30),
    nameEn: text(60).default(''),
    campusId: z.uuid().nullable().default(null),
    gradeLevel: z.number().int().min(0).max(99).nullable().default(null),
    sort: z.number().int().min(0).max(ORG_SORT_MAX),
    remark: text(200).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  });
export type OrgSaveRequest = z.infer<typeof orgSaveRequest>;
export type OrgSaveInput = z.input<typeof orgSaveRequest>;

export const orgIdRequest = z.object({ id: z.uuid() });
export type OrgIdRequest = z.infer<typeof orgIdRequest>;

export const orgMoveRequest = z.object({ id: z.uuid(), parentId: z.uuid(), index: z.number().int().min(0).max(100000) });
export type OrgMoveRequest = z.infer<typeof orgMoveRequest>;

/** `POST /api/orgs/members`: table A of the people of a node; search orgId (required), keyword. */
export const orgMemberSearch = z.object({ orgId: z.uuid(), keyword: z.string().trim().max(50).optional() });
export const orgMembersRequest = tableARequest.extend({ search: jsonObjectInput(orgMemberSearch) });
export type OrgMembersRequest = z.infer<typeof orgMembersRequest>;

export interface OrgMemberRow {
  id: string;
  username: string;
  name: string;
  userType: string;
  userNo: string;
  /** duties in this node: head_teacher, subject_teacher (with subject), grade_leader, department_head */
  duties: { duty: string; subject: string }[];
}

/** `POST /api/orgs/members/add` and `/remove`: people (ids, the selector's U_ prefix allowed) into / out of a node. */
export const orgMembersChangeRequest = z.object({
  orgId: z.uuid(),
  userIds: z
    .array(z.string().transform((value) => (value.startsWith('U_') ? value.slice(2) : value)).pipe(z.uuid()))
    .min(1)
    .max(500),
});
export type OrgMembersChangeRequest = z.infer<typeof orgMembersChangeRequest>;
