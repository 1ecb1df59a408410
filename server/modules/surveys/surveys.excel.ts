import ExcelJS from 'exceljs';
import { schoolWallTime } from '../../../contracts/school-time';
import type { AnswerValue, SurveyQuestion } from '../../../contracts/survey-rules';
import type { Lang } from '../../i18n/messages';

/**
 * Raw answers as a workbook (GET /api/surveys/export): one row per answer; columns 提交时间,
 * 班级/部门, 填写人 (named questionnaires only), then one per question with readable values: option
 * labels, a matrix as 'row: column' lines, numbers and ratings as numbers, dates as text, pictures as
 * their download paths. Titles in the caller's language.
 */

const TITLES: Record<Lang, { sheet: string; submittedAt: string; org: string; respondent: string }> = {
  zh: { sheet: '答卷', submittedAt: '提交时间', org: '班级/部门', respondent: '填写人' },
  en: { sheet: 'Answers', submittedAt: 'Submitted at', org: 'Class / department', respondent: 'Respondent' },
};

/** 'YYYY-MM-DD HH:mm:ss' in the school's time zone (contracts/school-time.ts). */
export const schoolDateTime = (at: Date): string => schoolWallTime(at.getTime()).slice(0, 19).replace('T', ' ');

/** A readable cell for one answer value. */
export function readableValue(question: SurveyQuestion, value: AnswerValue | undefined): string | number | null {
  if (value === undefined) return null;
  const label = (id: string) => question.options.find((o) => o.id === id)?.label ?? id;
  switch (question.kind) {
    case 'single':
      return typeof value === 'string' ? label(value) : null;
    case 'multiple':
      return Array.isArray(value) ? value.map(label).join('\n') : null;
    case 'matrix':
      if (typeof value !== 'object' || Array.isArray(value)) return null;
      return question.rows
        .filter((row) => row.id in value)
        .map((row) => `${row.label}: ${label(value[row.id])}`)
        .join('\n');
    case 'rating':
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'picture':
      return Array.isArray(value) ? value.map((id) => `/file/download/${id}?preview=1`).join('\n') : null;
    default:
      return typeof value === 'string' ? value : null;
  }
}

export interface ExportAnswer {
  submittedAt: Date;
  orgUnitName: string;
  respondentName: string;
  values: Record<string, AnswerValue>;
}

export async function buildAnswersWorkbook(
  survey: { title: string; anonymous: boolean; questions: SurveyQuestion[] },
  answers: readonly ExportAnswer[],
  lang: Lang,
): Promise<Buffer> {
  const t = TITLES[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Xiaowu';
  const sheet = workbook.addWorksheet(t.sheet);
  sheet.columns = [
    { header: t.submittedAt, key: 'at', width: 20 },
    { header: t.org, key: 'org', width: 16 },
    ...(survey.anonymous ? [] : [{ header: t.respondent, key: 'who', width: 12 }]),
    ...survey.questions.map((q, i) => ({ header: `${i + 1}. ${q.title}`, key: `q${i}`, width: q.kind === 'text' || q.kind === 'matrix' ? 30 : 16 })),
  ];
  for (const answer of answers) {
    const row: Record<string, unknown> = { at: schoolDateTime(answer.submittedAt), org: answer.orgUnitName };
    if (!survey.anonymous) row.who = answer.respondentName;
    survey.questions.forEach((q, i) => {
      row[`q${i}`] = readableValue(q, answer.values[q.id]);
    });
    sheet.addRow(row);
  }
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
