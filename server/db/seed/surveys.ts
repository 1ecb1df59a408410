import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type AnswerValues, blankQuestion, type SurveyQuestion } from '../../../contracts/survey-rules';
import { questionnaires, surveyAnswers, surveyBank } from '../../modules/surveys/surveys.table';
import type { Tx } from '../client';
import { createRandom, type Random } from './random';

/**
 * Questionnaires of the K12 demo school (brief 'Demo'), relative to the seed day; fixed ids so
 * screens, tests and the README can name them:
 * - 家长满意度调查 (DEMO_SURVEY_IDS.satisfaction): everyone, anonymous, one per device, admin's,
 *   published, started 7 days ago, ends in 14 days; single / rating / multiple with a skip / text /
 *   matrix / number / text; 40 answers from 七年级(1)班 and (2)班.
 * - 课后服务需求调查 (afterSchool): parents of 七年级(1)班, named, one per person, published; 12
 *   parents answered, `parent` has not.
 * - 秋季运动会报名意向 (sportsDay): `teacher`'s, unpublished (teachers cannot publish).
 * - 食堂服务评价 (canteen): ended yesterday (expired), 15 answers.
 * - the question bank: 6 questions (满意度, 基本信息).
 * E2E specs create their own questionnaires and never change these.
 */

const fixed = (group: number, n: number) => `01930000-0009-7000-8000-${(group * 0x10000 + n).toString(16).padStart(12, '0')}`;

export const DEMO_SURVEY_IDS = {
  satisfaction: fixed(1, 0),
  afterSchool: fixed(2, 0),
  sportsDay: fixed(3, 0),
  canteen: fixed(4, 0),
} as const;

const DAY_MS = 86_400_000;

/** A question as the builder makes it (blankQuestion), with its title and what differs; every choice question names its options. */
const question = (id: string, kind: SurveyQuestion['kind'], title: string, extra: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  ...blankQuestion(id, kind, () => uuidv7()),
  title,
  ...extra,
});
const options = (group: number, base: number, labels: string[]) => labels.map((label, i) => ({ id: fixed(group, base + i), label }));

/* ------------------------------------------------------------ 家长满意度调查 */

const S = 1;
const sIdentity = options(S, 0x110, ['父亲', '母亲', '其他监护人']);
const sImprove = options(S, 0x130, ['课后服务', '食堂伙食', '校园安全', '家校沟通', '体育活动', '都很满意，无需加强']);
const sMatrixRows = options(S, 0x150, ['教学质量', '师生关系', '校园环境', '家校沟通']);
const sMatrixCols = options(S, 0x160, ['满意', '一般', '不满意']);
const satisfactionQuestions: SurveyQuestion[] = [
  question(fixed(S, 1), 'single', '您是孩子的', { options: sIdentity }),
  question(fixed(S, 2), 'rating', '您对学校整体工作的满意度', { max: 5 }),
  question(fixed(S, 3), 'multiple', '您希望学校在哪些方面加强？', { options: sImprove, skips: [{ optionId: sImprove[5].id, goTo: fixed(S, 5) }] }),
  question(fixed(S, 4), 'text', '请具体说说您的建议', { max: 500, multiline: true }),
  question(fixed(S, 5), 'matrix', '请评价以下方面', { rows: sMatrixRows, options: sMatrixCols }),
  question(fixed(S, 6), 'number', '孩子每天完成家庭作业大约需要多少分钟？', { min: 0, max: 600, integer: true }),
  question(fixed(S, 7), 'text', '其他意见或建议', { required: false, max: 500, multiline: true }),
];
const SUGGESTIONS = [
  '希望课后服务增加体育锻炼和阅读时间',
  '食堂饭菜可以多一些蔬菜，口味清淡一点',
  '放学时校门口交通拥堵，希望加强疏导',
  '希望老师多和家长沟通孩子在校情况',
  '建议增加足球、篮球等体育社团活动',
  '希望家校沟通更及时，作业通知能提前发布',
  '校园安全做得不错，希望继续保持',
  '希望课后服务的作业辅导更有针对性',
];
const REMARKS = ['老师们辛苦了，谢谢！', '孩子很喜欢学校的老师', '希望多组织亲子活动', '作业量适中，孩子有时间锻炼', '', '', ''];

function satisfactionAnswer(random: Random): AnswerValues {
  const values: AnswerValues = {};
  values[fixed(S, 1)] = random.pick([sIdentity[0].id, sIdentity[1].id, sIdentity[1].id, sIdentity[2].id]);
  values[fixed(S, 2)] = random.pick([5, 5, 4, 4, 4, 3, 5, 4, 2]);
  const content = random.next() < 0.2;
  if (content) values[fixed(S, 3)] = [sImprove[5].id];
  else {
    const picked = sImprove.slice(0, 5).filter(() => random.next() < 0.4);
    values[fixed(S, 3)] = (picked.length ? picked : [random.pick(sImprove.slice(0, 5))]).map((o) => o.id);
    values[fixed(S, 4)] = random.pick(SUGGESTIONS);
  }
  values[fixed(S, 5)] = Object.fromEntries(sMatrixRows.map((row) => [row.id, random.pick([sMatrixCols[0].id, sMatrixCols[0].id, sMatrixCols[1].id, sMatrixCols[0].id, sMatrixCols[2].id])]));
  values[fixed(S, 6)] = random.pick([30, 45, 60, 60, 75, 90, 90, 120]);
  const remark = random.pick(REMARKS);
  if (remark) values[fixed(S, 7)] = remark;
  return values;
}

/* ------------------------------------------------------------ 课后服务需求调查 */

const A = 2;
const aNeed = options(A, 0x110, ['需要', '不需要']);
const aContent = options(A, 0x120, ['作业辅导', '体育活动', '兴趣社团', '阅读']);
const aPickup = options(A, 0x130, ['17:00', '17:30', '18:00']);
const afterSchoolQuestions: SurveyQuestion[] = [
  question(fixed(A, 1), 'single', '您的孩子是否需要课后托管服务？', { options: aNeed, skips: [{ optionId: aNeed[1].id, goTo: 'end' }] }),
  question(fixed(A, 2), 'multiple', '希望课后服务包含哪些内容？', { options: aContent, max: 3 }),
  question(fixed(A, 3), 'single', '您方便接孩子的时间', { options: aPickup }),
  question(fixed(A, 4), 'date', '希望从哪一天开始？', { required: false }),
];

/* ------------------------------------------------------------ 秋季运动会报名意向 */

const P = 3;
const pJoin = options(P, 0x110, ['参加', '不参加']);
const pEvents = options(P, 0x120, ['100米', '400米', '跳远', '跳高', '接力']);
const sportsQuestions: SurveyQuestion[] = [
  question(fixed(P, 1), 'single', '是否报名参加秋季运动会？', { options: pJoin, skips: [{ optionId: pJoin[1].id, goTo: 'end' }] }),
  question(fixed(P, 2), 'multiple', '想参加的项目（最多两项）', { options: pEvents, max: 2 }),
  question(fixed(P, 3), 'text', '备注', { required: false, max: 200 }),
];

/* ------------------------------------------------------------ 食堂服务评价 */

const C = 4;
const canteenQuestions: SurveyQuestion[] = [
  question(fixed(C, 1), 'rating', '饭菜口味', { max: 5 }),
  question(fixed(C, 2), 'rating', '卫生状况', { max: 5 }),
  question(fixed(C, 3), 'text', '对食堂的建议', { required: false, max: 300 }),
];
const CANTEEN_TEXTS = ['希望多一些水果', '米饭有时偏硬', '窗口排队时间长', '菜品种类可以再多一些', ''];

/* ------------------------------------------------------------ the bank */

const B = 5;
const bank: { category: string; question: SurveyQuestion }[] = [
  { category: '满意度', question: question(fixed(B, 1), 'rating', '您对本次活动的总体满意度', { max: 5 }) },
  {
    category: '满意度',
    question: question(fixed(B, 2), 'single', '您对学校工作的满意程度', { options: options(B, 0x110, ['非常满意', '满意', '一般', '不满意']) }),
  },
  {
    category: '满意度',
    question: question(fixed(B, 3), 'matrix', '请评价以下方面', { rows: options(B, 0x120, ['教学', '管理', '服务']), options: options(B, 0x130, ['满意', '一般', '不满意']) }),
  },
  { category: '基本信息', question: question(fixed(B, 4), 'single', '您的身份', { options: options(B, 0x140, ['学生', '家长', '教职工']) }) },
  { category: '基本信息', question: question(fixed(B, 5), 'number', '家庭成员人数', { min: 1, max: 20, integer: true }) },
  { category: '基本信息', question: question(fixed(B, 6), 'date', '填写日期') },
];

/** Seeds the demo questionnaires, their answers and the question bank (K12 demo school). */
export async function seedSurveys(tx: Tx, tenantId: string, today: Date): Promise<number> {
  const random = createRandom(9009);
  const one = async (text: ReturnType<typeof sql>) => ((await tx.execute<{ id: string }>(text)).rows[0]?.id ?? null) as string | null;
  const adminId = await one(sql`SELECT id::text FROM users WHERE username = 'admin'`);
  const teacherId = await one(sql`SELECT id::text FROM users WHERE username = 'teacher'`);
  const class1 = await one(sql`SELECT id::text FROM org_units WHERE kind = 'class' AND name = '七年级(1)班'`);
  const class2 = await one(sql`SELECT id::text FROM org_units WHERE kind = 'class' AND name = '七年级(2)班'`);
  if (!adminId || !teacherId || !class1 || !class2) return 0;
  const parentsOf = async (classId: string) =>
    (
      await tx.execute<{ id: string; username: string }>(
        sql`SELECT p.id::text, p.username FROM parent_students ps JOIN users s ON s.tenant_id = ps.tenant_id AND s.id = ps.student_id
             JOIN users p ON p.tenant_id = ps.tenant_id AND p.id = ps.parent_id WHERE s.org_unit_id = ${classId} ORDER BY s.user_no`,
      )
    ).rows;

  const now = today.getTime();
  const at = (days: number, hours = 0) => new Date(now + days * DAY_MS + hours * 3600_000);
  const base = { tenantId, inUse: true, createdBy: adminId, updatedBy: adminId };
  await tx.insert(questionnaires).values([
    {
      ...base,
      id: DEMO_SURVEY_IDS.satisfaction,
      title: '家长满意度调查',
      description: '为了解家长对学校工作的意见和建议，特开展本次调查。问卷匿名填写，感谢您的支持！',
      startsAt: at(-7),
      endsAt: at(14),
      audience: 'everyone',
      anonymous: true,
      oncePer: 'device',
      published: true,
      publishedAt: at(-7),
      publishedBy: adminId,
      questions: satisfactionQuestions,
      createdAt: at(-8),
    },
    {
      ...base,
      id: DEMO_SURVEY_IDS.afterSchool,
      title: '课后服务需求调查',
      description: '请七年级(1)班家长如实填写孩子的课后服务需求。',
      startsAt: at(-2),
      endsAt: at(10),
      audience: 'targeted',
      target: { userIds: [], orgIds: [class1], roleCodes: ['parent'] },
      anonymous: false,
      oncePer: 'person',
      published: true,
      publishedAt: at(-2),
      publishedBy: adminId,
      questions: afterSchoolQuestions,
      createdAt: at(-3),
    },
    {
      ...base,
      id: DEMO_SURVEY_IDS.sportsDay,
      title: '秋季运动会报名意向',
      description: '统计同学们参加秋季运动会的意向，发布后请在截止前填写。',
      startsAt: at(1),
      endsAt: at(20),
      audience: 'everyone',
      anonymous: false,
      oncePer: 'person',
      published: false,
      questions: sportsQuestions,
      createdBy: teacherId,
      updatedBy: teacherId,
      createdAt: at(-1),
    },
    {
      ...base,
      id: DEMO_SURVEY_IDS.canteen,
      title: '食堂服务评价',
      description: '请对近一个月的食堂服务进行评价。',
      startsAt: at(-30),
      endsAt: at(-1),
      audience: 'everyone',
      anonymous: true,
      oncePer: 'device',
      published: true,
      publishedAt: at(-30),
      publishedBy: adminId,
      questions: canteenQuestions,
      createdAt: at(-31),
    },
  ]);

  const answers: (typeof surveyAnswers.$inferInsert)[] = [];
  const submittedBetween = (fromDays: number, toDays: number) => new Date(now + (fromDays + random.next() * (toDays - fromDays)) * DAY_MS);
  // 家长满意度调查: 40 answers, 七年级(1)班 and (2)班 (anonymous: no respondent, one per device)
  for (let i = 0; i < 40; i += 1) {
    answers.push({
      tenantId,
      id: uuidv7(),
      questionnaireId: DEMO_SURVEY_IDS.satisfaction,
      onceKey: `d:${uuidv7()}`,
      orgUnitId: i % 5 < 3 ? class1 : class2,
      values: satisfactionAnswer(random),
      address: '',
      submittedAt: submittedBetween(-7, -0.05),
    });
  }
  // 课后服务需求调查: 12 parents of 七年级(1)班 answered (named), never `parent`
  const parents = (await parentsOf(class1)).filter((p) => p.username !== 'parent').slice(0, 12);
  for (const parent of parents) {
    const need = random.next() < 0.75;
    const values: AnswerValues = { [fixed(A, 1)]: need ? aNeed[0].id : aNeed[1].id };
    if (need) {
      values[fixed(A, 2)] = aContent.filter(() => random.next() < 0.5).slice(0, 3).map((o) => o.id);
      if ((values[fixed(A, 2)] as string[]).length === 0) values[fixed(A, 2)] = [aContent[0].id];
      values[fixed(A, 3)] = random.pick(aPickup).id;
    }
    answers.push({
      tenantId,
      id: uuidv7(),
      questionnaireId: DEMO_SURVEY_IDS.afterSchool,
      respondentId: parent.id,
      onceKey: `u:${parent.id}`,
      orgUnitId: class1,
      values,
      address: '',
      submittedAt: submittedBetween(-2, -0.05),
      createdBy: parent.id,
      updatedBy: parent.id,
    });
  }
  // 食堂服务评价: 15 answers before it ended
  for (let i = 0; i < 15; i += 1) {
    const text = random.pick(CANTEEN_TEXTS);
    answers.push({
      tenantId,
      id: uuidv7(),
      questionnaireId: DEMO_SURVEY_IDS.canteen,
      onceKey: `d:${uuidv7()}`,
      orgUnitId: i % 2 === 0 ? class1 : class2,
      values: { [fixed(C, 1)]: random.pick([3, 4, 4, 5, 2]), [fixed(C, 2)]: random.pick([4, 5, 5, 3]), ...(text ? { [fixed(C, 3)]: text } : {}) },
      address: '',
      submittedAt: submittedBetween(-30, -1.1),
    });
  }
  await tx.insert(surveyAnswers).values(answers);
  await tx.insert(surveyBank).values(bank.map((entry) => ({ tenantId, id: entry.question.id, kind: entry.question.kind, category: entry.category, question: entry.question, createdBy: adminId, updatedBy: adminId })));
  return answers.length;
}
