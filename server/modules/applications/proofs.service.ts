import { APPLICATION_URLS, type SealSetting } from '../../../contracts/applications';
import { type ApplicationKind, PROOF_KINDS } from '../../../contracts/application-rules';
import { SUBJECT_DICT } from '../../../contracts/dict-codes';
import { ResponseCode } from '../../../contracts/envelope';
import { schoolDate as schoolDateText } from '../../../contracts/school-time';
import type { Database, Tx } from '../../db/client';
import { timestampFromText } from '../../db/rows';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { DictsService } from '../dicts/dicts.service';
import type { FilesService } from '../files/files.service';
import type { TenantsService } from '../tenants/tenants.service';
import type { ApplicationsService } from './applications.service';
import { escapeHtml } from './applications.notify';
import { type ProofScoreLine, renderProofPdf } from './proofs.pdf';
import { type ProofRow, proofsRepository, type VerifiedProofRow } from './proofs.repository';

/** The seal may be a PNG or JPG picture (sniffed types of the files module). */
const SEAL_MIMES: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

const PROOF_TITLES: Partial<Record<ApplicationKind, { zh: string; en: string }>> = {
  enrolment_proof: { zh: '在读证明', en: 'Proof of enrolment' },
  score_proof: { zh: '成绩证明', en: 'Proof of scores' },
};

const GENDERS: Record<string, string> = { '1': '男', '2': '女' };
const MARKS: Record<string, string> = { absent: '缺考', exempt: '免考' };

/** The PDF renderer; a seam so tests can see what a proof prints (the PDF's text is subset-encoded). */
export const proofRenderer = { render: renderProofPdf };

/** A verification code as the QR carries it (what the verify route accepts). */
export const VERIFY_CODE_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

/** The school day of an instant (contracts/school-time.ts), as numbers. */
function schoolDate(at: Date): { year: number; month: number; day: number } {
  const [year, month, day] = schoolDateText(at).split('-').map(Number);
  return { year, month, day };
}
const zhDate = (at: Date) => {
  const { year, month, day } = schoolDate(at);
  return `${year}年${month}月${day}日`;
};
const isoDate = (at: Date) => {
  const { year, month, day } = schoolDate(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** 张三明 → 张*明, 张三 → 张*, 欧阳明华 → 欧**华 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** The score lines frozen into an approved score proof's details (`printed`), or undefined. */
export function printedLines(details: Record<string, unknown>): ProofScoreLine[] | undefined {
  const printed = details.printed;
  return Array.isArray(printed) ? (printed as ProofScoreLine[]) : undefined;
}

/** Per requested published batch and subject: the score, 缺考 / 免考, or — when none was entered (what a score proof prints). */
export async function scoreLinesOf(tx: Tx, dicts: DictsService, applicantId: string, details: Record<string, unknown>): Promise<ProofScoreLine[]> {
  const requested = Array.isArray(details.batchIds) ? details.batchIds.filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)) : [];
  if (requested.length === 0) return [];
  const batches = await proofsRepository.publishedBatches(tx, requested);
  if (batches.length === 0) return [];
  const found = await proofsRepository.scores(tx, applicantId, batches.map((batch) => batch.id));
  const cell = new Map(found.map((score) => [`${score.batch_id}:${score.subject}`, score]));
  const subjectNames = new Map(((await dicts.dicts(tx, [SUBJECT_DICT]))[SUBJECT_DICT] ?? []).map((item) => [item.code, item.name]));
  return batches.flatMap((batch) =>
    batch.subjects.map((subject) => {
      const score = cell.get(`${batch.id}:${subject}`);
      const value = !score ? '—' : (MARKS[score.mark] ?? (score.score === null ? '—' : String(Number(score.score))));
      return { batchName: batch.name, subject: subjectNames.get(subject) ?? subject, value };
    }),
  );
}

/**
 * Printable proofs (在读证明 / 成绩证明) of approved applications, their public verification page and
 * the school's seal image. The applications themselves (filing, audits) are ApplicationsService's.
 */
export class ProofsService {
  constructor(
    private readonly applications: ApplicationsService,
    private readonly tenants: TenantsService,
    private readonly dicts: DictsService,
    private readonly files: FilesService,
  ) {}

  /**
   * `GET /api/applications/proof/<id>`: the proof as a PDF, for whoever may see the application
   * (ApplicationsService.visibleOr404: the family, its auditors in reach); approved proofs only;
   * `copies` pages. The QR code opens the verification page at the school's public origin, asked for
   * only once the proof is found (a refusal to make the link never hides a 40400).
   */
  async pdf(tx: Tx, session: Session, id: string, originOf: () => Promise<string>): Promise<{ fileName: string; bytes: Uint8Array }> {
    await this.applications.visibleOr404(tx, session, id);
    const row = await proofsRepository.proof(tx, id, session.userId);
    if (!row) throw new AppError(ResponseCode.notFound, 'applicationsNotFound');
    const title = PROOF_TITLES[row.kind];
    if (!title || !PROOF_KINDS.includes(row.kind)) throw new AppError(ResponseCode.notFound, 'applicationsNotAProof');
    if (row.state !== 'approved' || !row.verify_code) throw new AppError(ResponseCode.invalidInput, 'applicationsProofNotReady');
    const origin = await originOf();

    const tenant = await this.tenants.findById(tx, session.tenantId);
    const school = await proofsRepository.school(tx);
    const schoolName = school?.name || tenant?.name || '';
    const seal = school?.seal ? await this.sealImage(tx, school.seal) : null;
    const who = this.whoSentence(row);
    const purpose = typeof row.details.purpose === 'string' ? row.details.purpose.trim() : '';
    const closing = [...(purpose ? [`此证明仅用于${purpose}。`] : []), '特此证明。'];

    let paragraphs: string[];
    let scores: ProofScoreLine[] | undefined;
    const ofClass = row.class_name ? `系我校 ${row.class_name} ` : '系我校';
    if (row.kind === 'enrolment_proof') {
      paragraphs = [`${who}，${ofClass}在读学生。`];
    } else {
      paragraphs = [`${who}，${ofClass}学生，其在校考试成绩如下：`];
      // the lines frozen at approval (a later score correction does not change a proof already issued)
      scores = printedLines(row.details) ?? (await scoreLinesOf(tx, this.dicts, row.applicant_id, row.details));
    }
    const bytes = await proofRenderer.render({
      title: title.zh,
      schoolName,
      schoolNameEn: school?.name_en ?? '',
      paragraphs,
      scores,
      closing,
      issueDate: zhDate(row.decided_at ? timestampFromText(row.decided_at) : new Date()),
      seal,
      verifyUrl: `${origin}${APPLICATION_URLS.verify}/${encodeURIComponent(tenant?.code ?? '')}/${encodeURIComponent(row.verify_code)}`,
      verifyCode: row.verify_code,
      copies: typeof row.details.copies === 'number' ? row.details.copies : 1,
    });
    return { fileName: `${title.zh}-${row.applicant_name}.pdf`, bytes };
  }

  /** 兹证明 张三明，男，学号 2019001 */
  private whoSentence(row: ProofRow): string {
    const parts = [`兹证明 ${row.applicant_name}`];
    if (row.gender && GENDERS[row.gender]) parts.push(GENDERS[row.gender]);
    if (row.student_no) parts.push(`学号 ${row.student_no}`);
    return parts.join('，');
  }

  /** The stored seal picture, or null (the drawn seal) when it is gone or not a PNG/JPG. */
  private async sealImage(tx: Tx, resId: string): Promise<{ bytes: Uint8Array; format: 'png' | 'jpg' } | null> {
    const file = await this.files.bytesOf(tx, resId).catch(() => null);
    const format = file ? SEAL_MIMES[file.mime] : undefined;
    return file && format ? { bytes: file.bytes, format } : null;
  }

  /**
   * `GET /api/proofs/verify/<tenant code>/<code>` (public): what the proof's QR code opens. The tenant
   * comes from the path (the page is opened by anyone's phone camera, without a session).
   */
  async verify(db: Database, tenantCode: string, code: string): Promise<{ found: boolean; html: string }> {
    const proof = VERIFY_CODE_PATTERN.test(code) && /^[A-Za-z0-9_-]{1,64}$/.test(tenantCode)
      ? await db.withAppRole(async (scope) => {
          const tenant = await this.tenants.findByCode(scope.tx, tenantCode);
          if (!tenant) return undefined;
          await scope.enterTenant(tenant.id);
          return proofsRepository.verified(scope.tx, code);
        })
      : undefined;
    return { found: proof !== undefined, html: verificationPage(proof) };
  }

  /** `POST /api/applications/seal` */
  async seal(tx: Tx): Promise<SealSetting> {
    const school = await proofsRepository.school(tx);
    const resId = school?.seal ?? '';
    if (!resId) return { resId: '', resName: '' };
    const file = await proofsRepository.file(tx, resId);
    return { resId, resName: file?.name ?? '' };
  }

  /** `POST /api/applications/seal/save`: '' = the drawn seal; else an uploaded PNG/JPG picture of this school. */
  async saveSeal(tx: Tx, session: Session, resId: string): Promise<SealSetting> {
    if (resId !== '') {
      const file = await proofsRepository.file(tx, resId);
      if (!file) throw new AppError(ResponseCode.invalidInput, 'applicationsSealNotFound');
      if (!SEAL_MIMES[file.mime]) throw new AppError(ResponseCode.invalidInput, 'applicationsSealNotImage');
      await this.files.claim(tx, { kind: 'schoolSeal', recordId: session.tenantId, saverId: session.userId }, [resId]);
    }
    const school = await proofsRepository.school(tx);
    if (!school) throw new AppError(ResponseCode.notFound, 'applicationsSealNoSchool');
    await proofsRepository.saveSeal(tx, resId, session.userId);
    return this.seal(tx);
  }
}

/** The verification page: self-contained (no script, inline style), both languages. */
function verificationPage(proof: VerifiedProofRow | undefined): string {
  const rows = proof
    ? [
        ['学校', 'School', proof.school_name + (proof.school_name_en ? ` / ${proof.school_name_en}` : '')],
        ['证明类型', 'Kind', PROOF_TITLES[proof.kind] ? `${PROOF_TITLES[proof.kind]!.zh} / ${PROOF_TITLES[proof.kind]!.en}` : proof.kind],
        ['学生姓名', 'Student', maskName(proof.applicant_name)],
        ['班级', 'Class', proof.class_name],
        ['开具日期', 'Issued on', proof.decided_at ? `${zhDate(timestampFromText(proof.decided_at))} / ${isoDate(timestampFromText(proof.decided_at))}` : ''],
      ]
    : [];
  const verdict = proof
    ? '<p class="verdict ok">此证明真实有效<br><span>This proof is genuine</span></p>'
    : '<p class="verdict bad">未找到该证明，可能是伪造的<br><span>No such proof: it may be forged</span></p>';
  const table = rows.length
    ? `<table>${rows.map(([zh, en, value]) => `<tr><th>${zh}<br><span>${en}</span></th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`
    : '';
  // what the proof states (a score proof: its exams and scores as printed), so a changed table does not pass for this one
  const lines = proof && proof.kind === 'score_proof' ? (printedLines(proof.details) ?? []) : [];
  const scores = lines.length
    ? `<h2>证明内容<br><span>What the proof states</span></h2><table class="scores"><tr><th>考试 <span>Exam</span></th><th>科目 <span>Subject</span></th><th>成绩 <span>Score</span></th></tr>${lines
        .map((line) => `<tr><td>${escapeHtml(line.batchName)}</td><td>${escapeHtml(line.subject)}</td><td>${escapeHtml(line.value)}</td></tr>`)
        .join('')}</table>`
    : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>证明验证 / Proof verification</title>
<style>
body{margin:0;padding:0 12px;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans SC",sans-serif;background:#f5f6f8;color:#222}
main{max-width:480px;margin:32px auto;padding:24px;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 16px;text-align:center}
h1 span,th span,.verdict span{font-weight:normal;font-size:.8em;color:#666}
.verdict{font-size:18px;font-weight:bold;text-align:center;padding:12px;border-radius:8px;margin:0 0 16px}
.ok{color:#1a7f37;background:#e8f5ec}.bad{color:#c62828;background:#fdecea}
table{width:100%;border-collapse:collapse}th,td{padding:8px 4px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
th{width:38%;color:#555;font-weight:normal}
h2{font-size:16px;margin:20px 0 8px}h2 span{font-weight:normal;font-size:.8em;color:#666}.scores th{width:auto}
</style>
</head>
<body>
<main>
<h1>证明验证<br><span>Proof verification</span></h1>
${verdict}
${table}
${scores}
</main>
</body>
</html>
`;
}
