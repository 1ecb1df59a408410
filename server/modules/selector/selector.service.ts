import { ResponseCode } from '../../../contracts/envelope';
import type {
  AreaData,
  AreaDataRequest,
  GetOrgsData,
  GetRolesData,
  OrgNode,
  PeopleByIdsData,
  PeopleSearchData,
  PeopleSearchRequest,
  RoleGroup,
  TeacherTypeData,
  XqData,
} from '../../../contracts/selector';
import { UserType } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import type { Lang } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { RolesService } from '../roles/roles.service';
import { selectorRepository } from './selector.repository';

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en' && en ? en : zh);

/**
 * Who may look up the school's people and its organisation tree: administrators and staff. No
 * screen a student or parent opens uses them (the people selector serves 问卷管理's targets and
 * 系统管理's users, organisations, roles and logs, the tree also 教师考勤's summary; a student's or
 * parent's screens name people through their own calls: applications, messages, questionnaires,
 * scores), and a list of people with their numbers is half of claiming an account whose initial
 * password follows from the ID number. The role list (names and codes, no people) stays open: the
 * applications screens of students and parents name a role step by it (useRoleNames).
 */
const MAY_LOOK_UP: ReadonlySet<string> = new Set([UserType.admin, UserType.teacher]);

export class SelectorService {
  constructor(private readonly roleService: RolesService) {}

  /** Refuses (40300) callers other than administrators and staff (MAY_LOOK_UP). */
  private async assertMayLookUp(tx: Tx, session: Session): Promise<void> {
    const userType = await selectorRepository.userType(tx, session.userId);
    if (!userType || !MAY_LOOK_UP.has(userType)) throw new AppError(ResponseCode.forbidden, 'selectorStaffOnly');
  }

  /** `GET /saas/components/getXq` */
  async campuses(tx: Tx): Promise<XqData> {
    const rows = await selectorRepository.campuses(tx);
    return { xqList: rows.map((row) => ({ XQID: row.id, XQMC: row.name, XQDM: row.code })) };
  }

  /** `POST /components/getRoles`: roles grouped by role type (角色类型, SPEC §3 Role "business system"), in the types' order. */
  async roles(tx: Tx, roleType: '' | 'ordinary' | 'sql', lang: Lang): Promise<GetRolesData> {
    const rows = await selectorRepository.roles(tx, roleType || undefined);
    const groups = new Map<string, RoleGroup>();
    for (const category of await this.roleService.categoryNames(tx, lang)) groups.set(category.code, { CODE: category.code, NAME: category.name, CHILD: [] });
    for (const row of rows) {
      let group = groups.get(row.businessSystem);
      if (!group) {
        group = { CODE: row.businessSystem, NAME: row.businessSystem, CHILD: [] };
        groups.set(row.businessSystem, group);
      }
      group.CHILD.push({ CODE: row.code, NAME: pick(lang, row.name, row.nameEn), TYPE: row.type });
    }
    return [...groups.values()].filter((group) => group.CHILD.length > 0);
  }

  /** `/components/getOrgsData`: the whole organisation tree of the tenant. */
  async orgs(tx: Tx, session: Session, lang: Lang): Promise<GetOrgsData> {
    await this.assertMayLookUp(tx, session);
    const rows = await selectorRepository.orgUnits(tx);
    const nodes = new Map<string, OrgNode>();
    for (const row of rows) {
      const name = pick(lang, row.name, row.nameEn);
      nodes.set(row.id, { id: row.id, label: name, children: [], NAME: name, CODE: row.code, PID: row.parentId ?? '', CHILD: '0', KIND: row.kind, GRADUATED: row.graduated ? '1' : '0' });
    }
    const roots: OrgNode[] = [];
    for (const row of rows) {
      const node = nodes.get(row.id)!;
      const parent = row.parentId ? nodes.get(row.parentId) : undefined;
      if (parent) {
        parent.children.push(node);
        parent.CHILD = '1';
      } else {
        roots.push(node);
      }
    }
    return roots;
  }

  /** `POST /saas/components/getUserAllData`: one zero-based page and the total. */
  async searchPeople(tx: Tx, session: Session, request: PeopleSearchRequest): Promise<PeopleSearchData> {
    await this.assertMayLookUp(tx, session);
    const { search } = request;
    const filter = {
      userTypes: search.USERTYPE ? [...new Set(search.USERTYPE.split(','))] : undefined,
      keyword: search.KEYWORD || undefined,
      campusId: search.XQID,
      campusCode: search.XQDM,
      orgCode: search.DWDM,
      orgOnlyItself: search.ISBM === '1',
      userNo: search.USERID,
    };
    const { total, rows } = await selectorRepository.searchPeople(tx, filter, request.size, request.page * request.size);
    return {
      total,
      rows: rows.map((row) => ({
        ID: row.id,
        USERNAME: row.name,
        USERID: row.user_no,
        USERTYPE: row.user_type,
        USERID_SHOW: row.user_no || row.username,
        DWMC: row.org_name ?? '',
      })),
    };
  }

  /** `getUserData`: the people of the given ids that exist in the tenant, in the order asked. */
  async peopleByIds(tx: Tx, session: Session, ids: string[]): Promise<PeopleByIdsData> {
    await this.assertMayLookUp(tx, session);
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = await selectorRepository.peopleByIds(tx, unique);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return unique.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ ID: row.id, USERNAME: row.name, USERID: row.userNo, USERTYPE: row.userType }] : [];
    });
  }

  /** `POST /components/getAreaData`: one level, under a parent when given. */
  async areas(tx: Tx, request: AreaDataRequest): Promise<AreaData> {
    const parent = request.levNum === 1 ? '' : request.parentCode;
    const rows = await selectorRepository.areasAt(tx, request.levNum, parent);
    return rows.map((row) => ({ CODE: row.code, NAME: row.name, CHILD: row.has_children ? '1' : '0', LEVNUM: row.level }));
  }

  /** `POST /components/getAreaList`: 'leaf,parent,…,province'. */
  async areaList(tx: Tx, code: string): Promise<string> {
    const chain = await selectorRepository.areaChain(tx, code);
    if (chain.length === 0) throw new AppError(ResponseCode.notFound, 'areaNotFound', { code });
    return chain.join(',');
  }

  /** `POST /components/getJzgTypeData` */
  async teacherTypes(tx: Tx, lang: Lang): Promise<TeacherTypeData> {
    const rows = await selectorRepository.teacherTypes(tx);
    return rows.map((row) => ({ CODE: row.code, NAME: pick(lang, row.name, row.nameEn) }));
  }
}
