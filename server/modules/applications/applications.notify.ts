import { type ApplicationKind, type ApplicationState, type AuditStep, familyOf, KIND_PATHS, STAFF_AUDIT_PATH } from '../../../contracts/application-rules';
import type { Tx } from '../../db/client';
import { bilingualParams, type MessageTextKey } from '../../../contracts/message-texts';
import type { Lang, MessageParams } from '../../i18n/messages';
import type { MessagesService } from '../messages/messages.service';

/**
 * The messages of applications (brief §Messages, SPEC §8): to the applicant, the filer and (student
 * kinds) the parents at each step; to the auditors of the step it waits at. Each is stored as a key
 * of contracts/message-texts.ts and its parameters, and read in the reader's language.
 */

/** Message types (server/db/seed/dicts.ts MESSAGE_TYPES): student leave keeps 请假审批, the rest 审批通知. */
export const LEAVE_MESSAGE_TYPE = '2';
export const APPROVAL_MESSAGE_TYPE = '6';

type Words = Record<Lang, string>;

/** Text made safe inside HTML (messages, the verification page). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const KIND_LABELS: Record<ApplicationKind, Words> = {
  student_leave: { zh: '请假申请', en: 'leave application' },
  travel: { zh: '出行申请', en: 'travel application' },
  day_student: { zh: '走读申请', en: 'day-student application' },
  enrolment_proof: { zh: '在读证明申请', en: 'enrolment proof application' },
  score_proof: { zh: '成绩证明申请', en: 'score proof application' },
  status_change: { zh: '学籍异动申请', en: 'student status change' },
  staff_leave: { zh: '请假申请', en: 'leave application' },
  staff_outing: { zh: '外出申请', en: 'outing application' },
  staff_overtime: { zh: '加班申请', en: 'overtime application' },
  staff_shift: { zh: '调班申请', en: 'shift swap application' },
  staff_makeup: { zh: '补课申请', en: 'make-up lesson application' },
};

/** The state as "该申请已{state}" reads it. */
export const STATE_WORDS: Record<ApplicationState, Words> = {
  draft: { zh: '保存为草稿', en: 'a draft' },
  pending: { zh: '提交', en: 'pending' },
  approved: { zh: '审核通过', en: 'approved' },
  rejected: { zh: '驳回', en: 'rejected' },
  withdrawn: { zh: '撤回', en: 'withdrawn' },
};

export const STEP_WORDS: Record<Exclude<AuditStep['kind'], 'role'>, Words> = {
  head_teacher: { zh: '班主任', en: 'head teacher' },
  grade_leader: { zh: '年级组长', en: 'grade leader' },
  department_head: { zh: '部门负责人', en: 'department head' },
};

/** Role names by code (roles table), for role steps. */
export type RoleNames = Map<string, Words>;

export function stepLabel(step: AuditStep | undefined, roles: RoleNames, lang: Lang): string {
  if (!step) return '';
  if (step.kind !== 'role') return STEP_WORDS[step.kind][lang];
  const role = roles.get(step.roleCode ?? '');
  return role ? role[lang] || role.zh : (step.roleCode ?? '');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A time in the school's zone (SCHOOL_TIME_ZONE_OFFSET, +08:00): 2026-11-21 08:00. */
export function schoolTime(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 60 * 60 * 1000);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`;
}
export const schoolRange = (startsAt: Date | null, endsAt: Date | null) => (startsAt && endsAt ? `${schoolTime(startsAt)} ~ ${schoolTime(endsAt)}` : '');

/** The application as the messages need it. */
export interface NotifyTarget {
  id: string;
  kind: ApplicationKind;
  applicant_id: string;
  applicant_name: string;
  submitted_by: string;
  starts_at: Date | null;
  ends_at: Date | null;
}

export interface Notice {
  key: MessageTextKey;
  params?: (lang: Lang) => MessageParams;
}

/** Sends one message (zh then en) to the recipients (deduplicated; nobody when empty). */
export async function notify(
  tx: Tx,
  messages: MessagesService,
  tenantId: string,
  senderId: string,
  application: NotifyTarget,
  notice: Notice,
  recipientIds: readonly string[],
  forAuditors = false,
): Promise<void> {
  const recipients = [...new Set(recipientIds)];
  if (recipients.length === 0) return;
  const params = (lang: Lang): MessageParams => ({
    applicant: application.applicant_name,
    kind: KIND_LABELS[application.kind][lang],
    range: schoolRange(application.starts_at, application.ends_at) || '—',
    ...(notice.params?.(lang) ?? {}),
  });
  const path = forAuditors && familyOf(application.kind) === 'staff' ? STAFF_AUDIT_PATH : KIND_PATHS[application.kind];
  const toText = (values: MessageParams) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));
  await messages.send(tx, tenantId, {
    type: application.kind === 'student_leave' ? LEAVE_MESSAGE_TYPE : APPROVAL_MESSAGE_TYPE,
    // stored as a key and parameters: each reader sees it in their own language
    text: { key: notice.key, params: bilingualParams(toText(params('zh')), toText(params('en'))) },
    link: `${path}?id=${application.id}`,
    senderId,
    recipientIds: recipients,
  });
}
