import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type AuditFlowRow, auditFlowSaveRequest, type BlockedPeriodRow, blockedPeriodSaveRequest } from '../../../contracts/applications';
import { type ApplicationKind, type AuditStep, familyOf, KIND_PERMISSIONS } from '../../../contracts/application-rules';
import { SETTINGS_ADD, SETTINGS_DELETE, SETTINGS_EDIT, SETTINGS_PERMISSION } from '../../../contracts/application-settings-constants';
import { ResponseCode } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { KIND_LABELS, STEP_WORDS } from './applications.notify';
import { applicationsRepository as repo, type BlockedRecord, type FlowRecord } from './applications.repository';

/**
 * The step kinds a kind's chain may hold (someone can audit them): student kinds are filed under a
 * class (head teacher, its grade leader); staff kinds under a department (its head), the make-up
 * under the class taught (its head teacher too); a role step anywhere, if the role grants the kind's
 * audit code.
 */
function stepFits(kind: ApplicationKind, step: AuditStep['kind']): boolean {
  if (step === 'role') return true;
  if (familyOf(kind) === 'student') return step === 'head_teacher' || step === 'grade_leader';
  return step === 'department_head' || (kind === 'staff_makeup' && step === 'head_teacher');
}

const toFlow = (row: FlowRecord): AuditFlowRow => ({
  id: row.id,
  kind: row.kind,
  leaveType: row.leave_type,
  minDays: row.min_days,
  steps: row.steps,
  deadlineDays: row.deadline_days,
  version: row.version,
});

const toBlocked = (row: BlockedRecord): BlockedPeriodRow => ({
  id: row.id,
  name: row.name,
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: new Date(row.ends_at).toISOString(),
  kinds: row.kinds,
  version: row.version,
});

/** Audit flows per kind, leave type and length, and non-selectable periods (审批设置). */
export class ApplicationSettingsService {
  constructor(private readonly permissions: PermissionsService) {}

  async flows(tx: Tx, session: Session): Promise<AuditFlowRow[]> {
    await this.permissions.assertHas(tx, session, SETTINGS_PERMISSION);
    return (await repo.flows(tx)).map(toFlow);
  }

  /** `POST /api/applications/flows/save`: new (spsz_add) or changed at its version (spsz_edit). */
  async saveFlow(tx: Tx, session: Session, request: z.output<typeof auditFlowSaveRequest>): Promise<AuditFlowRow> {
    await this.permissions.assertHas(tx, session, request.id ? SETTINGS_EDIT : SETTINGS_ADD);
    for (const [index, step] of request.steps.entries()) {
      if (step.kind === 'role' && !(await repo.roleExists(tx, step.roleCode ?? ''))) {
        throw new AppError(ResponseCode.invalidInput, 'applicationsFlowRoleUnknown', { role: step.roleCode ?? '' });
      }
      const fits = stepFits(request.kind, step.kind) && (step.kind !== 'role' || (await repo.roleGrants(tx, step.roleCode ?? '', KIND_PERMISSIONS[request.kind].audit)));
      if (!fits) {
        const name = step.kind === 'role' ? (step.roleCode ?? '') : undefined;
        throw new AppError(ResponseCode.invalidInput, (l) =>
          translate(l, 'applicationsFlowStepInvalid', { n: index + 1, step: name ?? STEP_WORDS[step.kind as keyof typeof STEP_WORDS][l], kind: KIND_LABELS[request.kind][l] }),
        );
      }
    }
    const steps = request.steps.map((step) => (step.kind === 'role' ? { kind: step.kind, roleCode: step.roleCode } : { kind: step.kind }));
    const duplicate = () => new AppError(ResponseCode.conflict, 'applicationsFlowDuplicate');
    if (await repo.flowExists(tx, request.kind, request.leaveType, request.minDays, request.id ?? null)) throw duplicate();
    const fields = { kind: request.kind, leaveType: request.leaveType, minDays: request.minDays, steps, deadlineDays: request.deadlineDays, userId: session.userId };
    let id = request.id;
    if (id) {
      const current = await repo.flow(tx, id);
      if (!current) throw new AppError(ResponseCode.notFound, 'applicationsFlowNotFound');
      if (current.version !== request.version) throw new AppError(ResponseCode.conflict, 'applicationsSettingChangedMeanwhile', {}, toFlow(current));
      await uniquely(() => repo.updateFlow(tx, { id: id!, version: current.version, ...fields }), duplicate);
    } else {
      id = uuidv7();
      await uniquely(() => repo.insertFlow(tx, { tenantId: session.tenantId, id: id!, ...fields }), duplicate);
    }
    return toFlow((await repo.flow(tx, id))!);
  }

  async deleteFlow(tx: Tx, session: Session, request: { id: string; version: number }): Promise<void> {
    await this.permissions.assertHas(tx, session, SETTINGS_DELETE);
    const current = await repo.flow(tx, request.id);
    if (!current) throw new AppError(ResponseCode.notFound, 'applicationsFlowNotFound');
    if (current.version !== request.version) throw new AppError(ResponseCode.conflict, 'applicationsSettingChangedMeanwhile', {}, toFlow(current));
    await repo.deleteFlow(tx, request.id, request.version);
  }

  async blockedPeriods(tx: Tx, session: Session): Promise<BlockedPeriodRow[]> {
    await this.permissions.assertHas(tx, session, SETTINGS_PERMISSION);
    return (await repo.blockedPeriods(tx, null)).map(toBlocked);
  }

  /** `POST /api/applications/blocked-periods/save`: new (spsz_add) or changed at its version (spsz_edit); start before end. */
  async saveBlocked(tx: Tx, session: Session, request: z.output<typeof blockedPeriodSaveRequest>): Promise<BlockedPeriodRow> {
    await this.permissions.assertHas(tx, session, request.id ? SETTINGS_EDIT : SETTINGS_ADD);
    const startsAt = new Date(request.startsAt);
    const endsAt = new Date(request.endsAt);
    if (startsAt >= endsAt) throw new AppError(ResponseCode.invalidInput, 'applicationsStartBeforeEnd');
    const fields = { name: request.name, startsAt, endsAt, kinds: [...new Set(request.kinds)], userId: session.userId };
    let id = request.id;
    if (id) {
      const current = await repo.blockedPeriod(tx, id);
      if (!current) throw new AppError(ResponseCode.notFound, 'applicationsBlockedNotFound');
      if (current.version !== request.version) throw new AppError(ResponseCode.conflict, 'applicationsSettingChangedMeanwhile', {}, toBlocked(current));
      await repo.updateBlocked(tx, { id, version: current.version, ...fields });
    } else {
      id = uuidv7();
      await repo.insertBlocked(tx, { tenantId: session.tenantId, id, ...fields });
    }
    return toBlocked((await repo.blockedPeriod(tx, id))!);
  }

  async deleteBlocked(tx: Tx, session: Session, request: { id: string; version: number }): Promise<void> {
    await this.permissions.assertHas(tx, session, SETTINGS_DELETE);
    const current = await repo.blockedPeriod(tx, request.id);
    if (!current) throw new AppError(ResponseCode.notFound, 'applicationsBlockedNotFound');
    if (current.version !== request.version) throw new AppError(ResponseCode.conflict, 'applicationsSettingChangedMeanwhile', {}, toBlocked(current));
    await repo.deleteBlocked(tx, request.id, request.version);
  }
}
