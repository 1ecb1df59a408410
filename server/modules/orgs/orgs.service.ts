import { v7 as uuidv7 } from 'uuid';
import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import {
  ORGS_ADD_PERMISSION,
  ORGS_DELETE_PERMISSION,
  ORGS_EDIT_PERMISSION,
  ORG_SORT_MAX,
  orgIssues,
  orgPlacementIssue,
  type OrgIdRequest,
  type OrgIssue,
  type OrgKind,
  type OrgMemberRow,
  type OrgMembersChangeRequest,
  type OrgMembersRequest,
  type OrgMoveRequest,
  type OrgNode,
  type OrgSaveRequest,
  type OrgTreeData,
} from '../../../contracts/orgs';
import { UserType } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { type OrgRecord, orgsRepository } from './orgs.repository';

function refuseIssues(issues: readonly OrgIssue[]): never {
  const shown = issues.slice(0, 3);
  throw new AppError(ResponseCode.invalidInput, (lang: Lang) => shown.map((issue) => translate(lang, issue.code as MessageKey, issue.params ?? {})).join(lang === 'zh' ? '；' : '; '));
}

export function orgTreeOf(rows: readonly OrgRecord[]): OrgNode[] {
  const nodes = new Map(rows.map((row) => [row.id, { ...row, children: [] as OrgNode[] }] as const));
  const roots: OrgNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const sortsFor = (count: number): number[] => Array.from({ length: count }, (_, i) => (count * 10 <= ORG_SORT_MAX ? (i + 1) * 10 : Math.min(i, ORG_SORT_MAX)));

/**
 * 组织机构 (/system/org): the school's tree, save, delete (not with children, members, duties or
 * business data), move (same placement rules, no cycles; a class moved to another grade takes its
 * level), members (users.org_unit_id). Changes drop the school's cached grants (menus do not
 * depend on it, but the people selector's org tree and names do on the client).
 */
export class OrgsService {
  constructor(private readonly permissions: PermissionsService) {}

  async tree(tx: Tx): Promise<OrgTreeData> {
    return { nodes: orgTreeOf(await orgsRepository.all(tx)), campuses: await orgsRepository.campuses(tx) };
  }

  /** The parent a node of `kind` goes under (checked: exists, no cycle, placement); `rows` = the locked tree. */
  private parentOf(rows: readonly OrgRecord[], kind: OrgKind, parentId: string | null, movingId?: string): OrgRecord | null {
    const byId = new Map(rows.map((row) => [row.id, row] as const));
    const parent = parentId ? byId.get(parentId) : undefined;
    if (parentId && !parent) throw new AppError(ResponseCode.invalidInput, 'orgsParentNotFound');
    if (movingId && parentId) {
      for (let cursor: string | null = parentId; cursor; cursor = byId.get(cursor)?.parentId ?? null) {
        if (cursor === movingId) throw new AppError(ResponseCode.invalidInput, 'orgsCycle');
      }
    }
    const issue = orgPlacementIssue(kind, parent?.kind ?? null);
    if (issue) throw new AppError(ResponseCode.invalidInput, issue);
    return parent ?? null;
  }

  /** `POST /api/orgs/save`: adds (system_org_add) or edits (system_org_edit, at its version). */
  async save(tx: Tx, session: Session, request: OrgSaveRequest): Promise<{ id: string; version: number }> {
    await this.permissions.assertHas(tx, session, request.id ? ORGS_EDIT_PERMISSION : ORGS_ADD_PERMISSION);
    const fields = {
      kind: request.kind,
      code: request.code.trim(),
      name: request.name.trim(),
      nameEn: request.nameEn.trim(),
      gradeLevel: request.gradeLevel,
      sort: request.sort,
      remark: request.remark.trim(),
    };
    const issues = orgIssues(fields);
    if (issues.length) refuseIssues(issues);
    await orgsRepository.lockTree(tx);
    const rows = await orgsRepository.all(tx);
    const existing = request.id ? rows.find((row) => row.id === request.id) : undefined;
    if (request.id && !existing) throw new AppError(ResponseCode.notFound, 'orgsNotFound');
    if (existing && existing.kind !== request.kind) throw new AppError(ResponseCode.invalidInput, 'orgsKindFixed');
    let parentId = request.parentId;
    let gradeLevel: number | null = null;
    if (existing?.kind === 'school') {
      parentId = null; // the root stays the root
    } else {
      if (existing && existing.parentId !== request.parentId) throw new AppError(ResponseCode.invalidInput, 'orgsMoveByDrag');
      const parent = this.parentOf(rows, request.kind, request.parentId);
      if (request.kind === 'grade') gradeLevel = request.gradeLevel;
      if (request.kind === 'class') gradeLevel = parent?.gradeLevel ?? null;
    }
    if (request.campusId && !(await orgsRepository.campuses(tx)).some((campus) => campus.id === request.campusId)) throw new AppError(ResponseCode.invalidInput, 'orgsCampusNotFound');
    if (await orgsRepository.codeTaken(tx, fields.code, existing?.id)) throw new AppError(ResponseCode.conflict, 'orgsCodeTaken', { code: fields.code });
    const values = { parentId, code: fields.code, name: fields.name, nameEn: fields.nameEn, campusId: request.campusId, gradeLevel, sort: fields.sort, remark: fields.remark };
    const taken = () => new AppError(ResponseCode.conflict, 'orgsCodeTaken', { code: fields.code });
    let result: { id: string; version: number };
    if (!existing) {
      const id = uuidv7();
      await uniquely(() => orgsRepository.insert(tx, { tenantId: session.tenantId, id, kind: request.kind, ...values, createdBy: session.userId, updatedBy: session.userId }), taken);
      result = { id, version: 1 };
    } else {
      const version = await uniquely(() => orgsRepository.update(tx, existing.id, request.version!, { ...values, updatedBy: session.userId }), taken);
      if (version === null) throw new AppError(ResponseCode.conflict, 'orgsStale');
      if (existing.kind === 'grade' && existing.gradeLevel !== gradeLevel) await orgsRepository.setClassLevels(tx, existing.id, gradeLevel, session.userId);
      result = { id: existing.id, version };
    }
    await this.permissions.forgetTenant(tx, session.tenantId);
    return result;
  }

  /** `POST /api/orgs/delete` (system_org_delete): refused with children, members, duties or business data. */
  async delete(tx: Tx, session: Session, request: OrgIdRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, ORGS_DELETE_PERMISSION);
    await orgsRepository.lockTree(tx);
    const rows = await orgsRepository.all(tx);
    const org = rows.find((row) => row.id === request.id);
    if (!org) throw new AppError(ResponseCode.notFound, 'orgsNotFound');
    if (org.kind === 'school') throw new AppError(ResponseCode.conflict, 'orgsSchoolFixed');
    const children = rows.filter((row) => row.parentId === org.id).length;
    if (children) throw new AppError(ResponseCode.conflict, 'orgsHasChildren', { name: org.name, count: children });
    const members = await orgsRepository.memberCount(tx, org.id);
    if (members) throw new AppError(ResponseCode.conflict, 'orgsHasMembers', { name: org.name, count: members });
    if (await orgsRepository.dutyCount(tx, org.id)) throw new AppError(ResponseCode.conflict, 'orgsHasDuties', { name: org.name });
    if (await orgsRepository.usedByBusinessData(tx, org.id)) throw new AppError(ResponseCode.conflict, 'orgsInUse', { name: org.name });
    await orgsRepository.remove(tx, org.id);
    await this.permissions.forgetTenant(tx, session.tenantId);
  }

  /** `POST /api/orgs/move` (system_org_edit): under parentId at index; siblings renumbered; a class takes its new grade's level. */
  async move(tx: Tx, session: Session, request: OrgMoveRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, ORGS_EDIT_PERMISSION);
    await orgsRepository.lockTree(tx);
    const rows = await orgsRepository.all(tx);
    const org = rows.find((row) => row.id === request.id);
    if (!org) throw new AppError(ResponseCode.notFound, 'orgsNotFound');
    if (org.kind === 'school') throw new AppError(ResponseCode.invalidInput, 'orgsSchoolFixed');
    const parent = this.parentOf(rows, org.kind, request.parentId, org.id);
    const order = rows.filter((row) => row.parentId === request.parentId && row.id !== org.id).map((row) => row.id);
    order.splice(Math.min(request.index, order.length), 0, org.id);
    const sorts = sortsFor(order.length);
    for (const [i, id] of order.entries()) {
      const set = id === org.id ? { parentId: request.parentId, sort: sorts[i]!, ...(org.kind === 'class' ? { gradeLevel: parent?.gradeLevel ?? null } : {}) } : { sort: sorts[i]! };
      await orgsRepository.setPlace(tx, id, set, session.userId);
    }
    await this.permissions.forgetTenant(tx, session.tenantId);
  }

  /** `POST /api/orgs/members`: table A of the node's people with their duties in it. */
  async members(tx: Tx, request: OrgMembersRequest): Promise<TableAData<OrgMemberRow>> {
    const { orgId, keyword } = request.search;
    const { total, rows, duties } = await orgsRepository.members(tx, orgId, keyword ?? '', request.currPage * request.limit, request.limit);
    return {
      total,
      rows: rows.map((row) => ({ ...row, duties: duties.filter((duty) => duty.userId === row.id).map(({ duty, subject }) => ({ duty, subject })) })),
    };
  }

  private async memberTarget(tx: Tx, orgId: string): Promise<OrgRecord> {
    const org = (await orgsRepository.all(tx)).find((row) => row.id === orgId);
    if (!org) throw new AppError(ResponseCode.notFound, 'orgsNotFound');
    if (org.kind !== 'department' && org.kind !== 'class') throw new AppError(ResponseCode.invalidInput, 'orgsMembersHere');
    return org;
  }

  /** `POST /api/orgs/members/add` (system_org_edit): staff into a department, students into a class. */
  async addMembers(tx: Tx, session: Session, request: OrgMembersChangeRequest): Promise<{ count: number }> {
    await this.permissions.assertHas(tx, session, ORGS_EDIT_PERMISSION);
    const org = await this.memberTarget(tx, request.orgId);
    const ids = [...new Set(request.userIds)];
    const people = await orgsRepository.existingUsers(tx, ids);
    if (people.length !== ids.length) throw new AppError(ResponseCode.invalidInput, 'orgsMemberNotFound');
    if (org.kind === 'class' && people.some((person) => person.userType !== UserType.student)) throw new AppError(ResponseCode.invalidInput, 'orgsClassStudentsOnly');
    if (org.kind === 'department' && people.some((person) => person.userType === UserType.student || person.userType === UserType.parent)) {
      throw new AppError(ResponseCode.invalidInput, 'orgsDepartmentStaffOnly');
    }
    const count = await orgsRepository.setOrgOfUsers(tx, ids, org.id);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { count };
  }

  /** `POST /api/orgs/members/remove` (system_org_edit): their org unit becomes empty (null). */
  async removeMembers(tx: Tx, session: Session, request: OrgMembersChangeRequest): Promise<{ count: number }> {
    await this.permissions.assertHas(tx, session, ORGS_EDIT_PERMISSION);
    const org = await this.memberTarget(tx, request.orgId);
    const count = await orgsRepository.setOrgOfUsers(tx, [...new Set(request.userIds)], null, org.id);
    await this.permissions.forgetTenant(tx, session.tenantId);
    return { count };
  }
}
