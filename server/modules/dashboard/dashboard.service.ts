import { ATTENDANCE_MANAGE_PERMISSION } from '../../../contracts/attendance-constants';
import { MISSING_CLASSES_SHOWN } from '../../../contracts/dashboard-figures';
import type { ApplicationsPendingFigures, AttendanceTodayFigures, ScoreProgressFigures, SurveyResponsesFigures } from '../../../contracts/dashboard';
import { SCORES_MANAGE_PERMISSION } from '../../../contracts/score-rules';
import { SURVEY_PERMISSIONS } from '../../../contracts/survey-constants';
import type { Tx } from '../../db/client';
import { timestampFromText } from '../../db/rows';
import type { ApplicationsService } from '../applications/applications.service';
import type { AttendanceService } from '../attendance/attendance.service';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { surveyTarget } from '../surveys/surveys.target';
import { dashboardRepository as repo } from './dashboard.repository';

/**
 * The dashboard's figure cards (issue 20 item 5), one call each so that each card loads on its own:
 * what a head of school looks at first. Each checks its permission here (the route checks it too);
 * the figures are the same the linked screens list, read with the same rules (attendance's school
 * day and class list, the applications' audit reach, score entry's roster, the questionnaires' reach).
 */
export class DashboardService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly attendance: AttendanceService,
    private readonly applications: ApplicationsService,
  ) {}

  /** 今日考勤 (xskq_manage): the school's today, classes without a roll (the first named), absences. */
  async attendanceToday(tx: Tx, session: Session): Promise<AttendanceTodayFigures> {
    await this.permissions.assertHas(tx, session, ATTENDANCE_MANAGE_PERMISSION);
    const date = this.attendance.today();
    const overview = await this.attendance.missing(tx, { date });
    const { taken, absent } = await repo.attendanceOn(tx, date);
    const missing = await repo.classNames(tx, overview.missing.slice(0, MISSING_CLASSES_SHOWN).map((item) => item.classId));
    return {
      date,
      schoolDay: overview.schoolDay,
      totalClasses: overview.totalClasses,
      takenClasses: taken,
      missingCount: overview.missing.length,
      missing,
      absent,
    };
  }

  /** 待审批的申请 (an audit code): undecided applications in the caller's audit reach, by kind. */
  applicationsPending(tx: Tx, session: Session): Promise<ApplicationsPendingFigures> {
    return this.applications.pendingCount(tx, session);
  }

  /** 成绩录入进度 (cjlr_manage): entered of expected per open exam batch, and its least advanced classes. */
  async scoreProgress(tx: Tx, session: Session): Promise<ScoreProgressFigures> {
    await this.permissions.assertHas(tx, session, SCORES_MANAGE_PERMISSION);
    return { batches: await repo.scoreProgress(tx) };
  }

  /**
   * 问卷回收 (survey_cjwj): open questionnaires whose results the caller reads (every one with the
   * publish right, which administrators hold; else their own), answered of targeted.
   */
  async surveyResponses(tx: Tx, session: Session): Promise<SurveyResponsesFigures> {
    const codes = await this.permissions.grantedCodes(tx, session);
    await this.permissions.assertHas(tx, session, SURVEY_PERMISSIONS.manage);
    const open = await repo.openSurveys(tx, codes.has(SURVEY_PERMISSIONS.publish) ? null : session.userId);
    const targeted = await surveyTarget.countMany(tx, open.filter((row) => row.audience === 'targeted').map((row) => row.id));
    return {
      open: open[0]?.open ?? 0,
      surveys: open.map((row) => ({
        id: row.id,
        title: row.title,
        endsAt: (typeof row.ends_at === 'string' ? timestampFromText(row.ends_at) : row.ends_at).toISOString(),
        answered: row.answered,
        targeted: row.audience === 'targeted' ? (targeted.get(row.id) ?? 0) : null,
      })),
    };
  }
}
