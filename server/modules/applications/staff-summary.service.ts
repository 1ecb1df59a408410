import ExcelJS from 'exceljs';
import type { StaffSummary, StaffSummaryFigures, StaffSummaryRow } from '../../../contracts/applications';
import { leaveDays, KIND_PERMISSIONS } from '../../../contracts/application-rules';
import { ResponseCode } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { timestampFromText } from '../../db/rows';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { type SummaryApplicationRow, staffSummaryRepository } from './staff-summary.repository';

/**
 * Sees every department's summary (教师考勤 · 导出: the seeded 教务处 and admin roles); a department
 * head (the staff duty) sees their own department's. The seeded 处室主任 role does not grant it.
 */
export const STAFF_SUMMARY_ALL_PERMISSION = KIND_PERMISSIONS.staff_leave.export ?? 'jskq_export';

const HOUR_MS = 60 * 60 * 1000;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

const zeroFigures = (): StaffSummaryFigures => ({ leaveCount: 0, leaveDays: 0, outingCount: 0, outingHours: 0, overtimeHours: 0, shiftCount: 0, makeupCount: 0 });

/** [from, to) of a month (YYYY-MM) in the school's time zone (+08:00). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number);
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+08:00`), to: new Date(`${next}-01T00:00:00+08:00`) };
}

/**
 * What one approved application adds inside [from, to): leave counts once and its calendar days
 * (+08:00) inside the month; outing and overtime their hours inside the month; shift and make-up
 * count once. `application.ends_at` is already the cancellation time of a cancelled leave or outing.
 */
function addApplication(figures: StaffSummaryFigures, application: SummaryApplicationRow, from: Date, to: Date, exact: { outing: number; overtime: number }) {
  const start = Math.max(timestampFromText(application.starts_at).getTime(), from.getTime());
  const end = Math.min(timestampFromText(application.ends_at).getTime(), to.getTime());
  if (end <= start) return;
  switch (application.kind) {
    case 'staff_leave':
      figures.leaveCount += 1;
      // the instant `to` is the next month's first day: stop just before it
      figures.leaveDays += leaveDays(new Date(start), new Date(Math.min(end, to.getTime() - 1)));
      break;
    case 'staff_outing':
      figures.outingCount += 1;
      exact.outing += (end - start) / HOUR_MS;
      break;
    case 'staff_overtime':
      exact.overtime += (end - start) / HOUR_MS;
      break;
    case 'staff_shift':
      figures.shiftCount += 1;
      break;
    case 'staff_makeup':
      figures.makeupCount += 1;
      break;
  }
}

const FIGURE_KEYS = ['leaveCount', 'leaveDays', 'outingCount', 'outingHours', 'overtimeHours', 'shiftCount', 'makeupCount'] as const;

/** Staff monthly attendance summary (SPEC §1 'Staff': teacher attendance) and its workbook. */
export class StaffSummaryService {
  constructor(private readonly permissions: PermissionsService) {}

  /** The departments the caller may see: null = all (jskq_export), else the ones they head; else refused. */
  private async visibleDepartments(tx: Tx, session: Session, departmentId: string): Promise<string[] | null> {
    if ((await this.permissions.grantedCodes(tx, session)).has(STAFF_SUMMARY_ALL_PERMISSION)) return departmentId ? [departmentId] : null;
    const headed = await staffSummaryRepository.headedDepartments(tx, session.userId);
    if (headed.length === 0) throw new AppError(ResponseCode.forbidden, 'applicationsSummaryForbidden');
    if (!departmentId) return headed;
    if (!headed.includes(departmentId)) throw new AppError(ResponseCode.forbidden, 'applicationsSummaryOtherDepartment');
    return [departmentId];
  }

  /** `POST /api/applications/staff-summary` */
  async summary(tx: Tx, session: Session, request: { month: string; departmentId: string }): Promise<StaffSummary> {
    const departments = await this.visibleDepartments(tx, session, request.departmentId);
    const { from, to } = monthRange(request.month);
    const staff = await staffSummaryRepository.staff(tx, departments, from, to);
    const byPerson = new Map<string, SummaryApplicationRow[]>();
    for (const application of await staffSummaryRepository.applications(tx, from, to)) {
      const list = byPerson.get(application.applicant_id) ?? [];
      list.push(application);
      byPerson.set(application.applicant_id, list);
    }
    const people: StaffSummaryRow[] = staff.map((member) => {
      const figures = zeroFigures();
      const exact = { outing: 0, overtime: 0 };
      for (const application of byPerson.get(member.id) ?? []) addApplication(figures, application, from, to, exact);
      figures.outingHours = oneDecimal(exact.outing);
      figures.overtimeHours = oneDecimal(exact.overtime);
      return {
        userId: member.id,
        name: member.name,
        jobNo: member.job_no,
        departmentId: member.department_id ?? '',
        departmentName: member.department_name ?? '',
        ...figures,
      };
    });
    // Department totals add up the people's figures as shown (so the sheet's columns sum up).
    const totals = new Map<string, StaffSummary['departments'][number]>();
    for (const person of people) {
      const total = totals.get(person.departmentId) ?? { departmentId: person.departmentId, departmentName: person.departmentName, people: 0, ...zeroFigures() };
      total.people += 1;
      for (const key of FIGURE_KEYS) total[key] = oneDecimal(total[key] + person[key]);
      totals.set(person.departmentId, total);
    }
    return { month: request.month, people, departments: [...totals.values()] };
  }

  /** `GET /api/applications/staff-summary/export`: the summary as .xlsx (人员汇总, 部门汇总). */
  async export(tx: Tx, session: Session, request: { month: string; departmentId: string }): Promise<{ fileName: string; bytes: Buffer }> {
    const summary = await this.summary(tx, session, request);
    const department = request.departmentId ? summary.departments[0]?.departmentName || '' : '';
    const fileName = `教师考勤汇总-${summary.month}${department ? `-${department}` : ''}.xlsx`;
    return { fileName, bytes: await buildSummaryWorkbook(summary) };
  }
}

const FIGURE_HEADERS: [keyof StaffSummaryFigures, string, number][] = [
  ['leaveCount', '请假次数', 10],
  ['leaveDays', '请假天数', 10],
  ['outingCount', '外出次数', 10],
  ['outingHours', '外出时长(小时)', 15],
  ['overtimeHours', '加班时长(小时)', 15],
  ['shiftCount', '调班次数', 10],
  ['makeupCount', '补课次数', 10],
];
const NO_DEPARTMENT = '（未分配部门）';

/** Two worksheets, each a title row (the month) over a header row; figures are numbers. */
export async function buildSummaryWorkbook(summary: StaffSummary): Promise<Buffer> {
  const [year, month] = summary.month.split('-').map(Number);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const addSheet = (name: string, title: string, leading: [string, string, number][], rows: Record<string, string | number>[]) => {
    const sheet = workbook.addWorksheet(name);
    const columns = [...leading, ...FIGURE_HEADERS];
    sheet.columns = columns.map(([key, , width]) => ({ key, width }));
    sheet.addRow([`${year}年${month}月 ${title}`]);
    sheet.mergeCells(1, 1, 1, columns.length);
    sheet.getRow(1).font = { bold: true, size: 14 };
    sheet.getRow(1).alignment = { horizontal: 'center' };
    sheet.addRow(columns.map(([, header]) => header));
    sheet.getRow(2).font = { bold: true };
    for (const row of rows) sheet.addRow(row);
    for (const [index] of FIGURE_HEADERS.entries()) {
      const column = sheet.getColumn(leading.length + index + 1);
      column.numFmt = FIGURE_HEADERS[index][0].endsWith('Hours') ? '0.0' : '0';
    }
    sheet.views = [{ state: 'frozen', ySplit: 2 }];
  };
  addSheet(
    '人员汇总',
    '教师考勤人员汇总',
    [
      ['department', '部门', 16],
      ['jobNo', '工号', 12],
      ['name', '姓名', 12],
    ],
    summary.people.map((person) => ({ ...person, department: person.departmentName || NO_DEPARTMENT })),
  );
  addSheet(
    '部门汇总',
    '教师考勤部门汇总',
    [
      ['department', '部门', 16],
      ['people', '人数', 8],
    ],
    summary.departments.map((department) => ({ ...department, department: department.departmentName || NO_DEPARTMENT })),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
