import { v7 as uuidv7 } from 'uuid';
import { messageRecipients, messages } from '../../modules/messages/messages.table';
import { normaliseMessageLink, sanitizeMessageHtml } from '../../modules/messages/sanitize';
import type { Tx } from '../client';
import { MESSAGE_TYPES } from './dicts';
import { insertInChunks } from './insert';
import type { SchoolProfile } from './profiles';
import { createRandom, personName, randomGender } from './random';

/** The demo accounts messages go to (ids); teacher, student and parent exist in K12 schools only. */
export interface DemoRecipients {
  admin: string;
  teacher?: string;
  student?: string;
  parent?: string;
}
type Account = keyof DemoRecipients;

interface SeedMessage {
  type: string;
  title: string;
  /** HTML, sanitised before it is stored */
  content: string;
  link: string;
  sender: Account | null;
  hoursAgo: number;
  /** recipient → has read it */
  to: Partial<Record<Account, boolean>>;
}

/** Unread messages of the demo school's `admin`: more than 99, so the bell shows 99+. */
export const DEMO_ADMIN_UNREAD = 120;

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

/** What the demo school's four accounts find in their message centre. */
function k12Messages(year: number, studentName: string, className: string): SeedMessage[] {
  return [
    {
      type: MESSAGE_TYPES.notice,
      title: `关于${year}年国庆节、中秋节放假安排的通知`,
      content:
        p('各位老师、同学、家长：') +
        p(`根据上级通知精神，结合我校实际，现将${year}年国庆节、中秋节放假安排通知如下：`) +
        '<ol><li>10月1日至10月8日放假调休，共8天。</li><li>9月28日（星期日）、10月11日（星期六）正常上课。</li><li>假期内请注意交通、用水、用电安全。</li></ol>' +
        p('<strong>请各班主任于放假前完成安全教育，并做好家校沟通。</strong>') +
        p('校长办公室'),
      link: '/dashboard',
      sender: 'admin',
      hoursAgo: 30,
      to: { admin: false, teacher: false, student: false, parent: true },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '校务平台消息中心上线啦',
      content:
        p('消息中心已正式上线，您可以在右上角的铃铛中查看未读消息，也可以进入<a href="/messageCenter/xxzx">消息中心</a>按标题、类型和状态查找历史消息。') +
        '<ul><li>点击消息查看详情，消息自动标记为已读；</li><li>带有链接的消息可以直接跳转到对应页面。</li></ul>',
      link: '/messageCenter/xxzx',
      sender: 'admin',
      hoursAgo: 200,
      to: { admin: false, teacher: true, student: true, parent: true },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '秋季田径运动会报名开始',
      content:
        p('第十二届秋季田径运动会将于下月中旬举行，项目包括100米、400米、跳远、铅球和4×100米接力。') +
        p('请有意参赛的同学于本周五前向班主任报名，每人限报两项。家长志愿者报名请联系班主任。'),
      link: '',
      sender: 'admin',
      hoursAgo: 6,
      to: { teacher: false, student: false, parent: false },
    },
    {
      type: MESSAGE_TYPES.leave,
      title: `${className}${studentName}提交了请假申请，请审批`,
      content:
        p(`${className}学生${studentName}因感冒发烧申请病假1天（明天全天），已上传医院就诊证明。`) +
        p('请在请假管理中及时审批。'),
      link: '/xssw/qjgl',
      sender: null,
      hoursAgo: 2,
      to: { teacher: false },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '七年级第二次月考监考安排已发布',
      content: p('七年级第二次月考将于下周三、周四进行，监考安排已发布在考试排场中，请各位老师准时到岗，提前15分钟领取试卷。'),
      link: '/jxgl/kspc',
      sender: 'admin',
      hoursAgo: 12,
      to: { teacher: false },
    },
    {
      type: MESSAGE_TYPES.survey,
      title: '教师教学满意度问卷邀请',
      content: p('为了解教师对教学管理工作的意见和建议，教务处开展本学期教学满意度调查，问卷约需5分钟，请于本月底前完成。'),
      link: '/survey/wjdt',
      sender: 'admin',
      hoursAgo: 20,
      to: { teacher: false },
    },
    {
      type: MESSAGE_TYPES.score,
      title: '七年级期中考试成绩录入完成，请核对',
      content: p('七年级期中考试各科成绩已录入完成，请各任课教师在成绩录入中核对本班成绩，如有错误请于三天内更正，逾期将锁定。'),
      link: '/jxgl/cjlr',
      sender: null,
      hoursAgo: 72,
      to: { teacher: true },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '本周五下午召开七年级班主任工作会议',
      content: p('会议时间：本周五14:30；地点：行政楼三楼会议室。议题：期中工作小结、家长会安排。请准时参加。'),
      link: '',
      sender: 'admin',
      hoursAgo: 96,
      to: { teacher: true },
    },
    {
      type: MESSAGE_TYPES.homework,
      title: '数学作业：一元一次方程练习（第三章）',
      content:
        p('今日数学作业：') +
        '<ol><li>课本第86页练习第1-4题；</li><li>练习册第三章第2节；</li><li>预习“实际问题与一元一次方程”。</li></ol>' +
        p('请家长督促孩子按时完成，明天早读前交给课代表。'),
      link: '/gtjl/zybz',
      sender: 'teacher',
      hoursAgo: 4,
      to: { student: false, parent: true },
    },
    {
      type: MESSAGE_TYPES.score,
      title: '期中考试成绩已发布',
      content: p('本学期期中考试成绩已发布，可在首页查看各科成绩与班级平均分。如对成绩有疑问，请在一周内联系任课教师。'),
      link: '/dashboard',
      sender: null,
      hoursAgo: 48,
      to: { student: true, parent: false },
    },
    {
      type: MESSAGE_TYPES.survey,
      title: '学生课后服务满意度调查',
      content: p('学校正在开展课后服务满意度调查，请同学们如实填写，问卷不记名。'),
      link: '/survey/wjdt',
      sender: 'admin',
      hoursAgo: 120,
      to: { student: true },
    },
    {
      type: MESSAGE_TYPES.leave,
      title: '您为孩子提交的请假申请已通过',
      content: p(`您为${studentName}提交的事假申请（1天）已由班主任审批通过。返校后请及时销假。`),
      link: '/xssw/qjgl',
      sender: null,
      hoursAgo: 8,
      to: { parent: false },
    },
  ];
}

const DEPARTMENTS = ['教务处', '德育处', '总务处', '办公室', '信息中心'];
const LEAVE_KINDS = ['病假', '事假', '调休', '外出'];
const SUBJECTS = ['语文', '数学', '英语', '物理', '历史', '地理'];
const EXAMS = ['单元测验', '月考', '期中考试'];
const GRADES = ['一年级', '三年级', '五年级', '七年级', '八年级', '九年级'];
const SURVEY_TOPICS = ['家长满意度调查', '食堂服务评价', '课后服务需求调查', '校服征订意见'];

/** Reports the school's safety office files weekly, taking turns. */
const SAFETY_REPORTS = ['校园安全巡检报告', '食堂食品安全巡检报告', '校车安全巡检报告'];

/**
 * The administrator's steady stream of system messages: `count` of them, one every five hours,
 * the types taking turns; those at `readIndices` are read. Every title is different (issue 20: the
 * dashboard listed the same title twice): the round `k` of the turn picks the week, grade, subject
 * and topic, not the random generator.
 */
function adminStream(count: number, randomSeed: number, readIndices: ReadonlySet<number>): SeedMessage[] {
  const random = createRandom(randomSeed + 7);
  const list: SeedMessage[] = [];
  for (let n = 0; n < count; n += 1) {
    const hoursAgo = 9 + n * 5;
    const read = readIndices.has(n);
    const k = Math.floor(n / 5);
    switch (n % 5) {
      case 0: {
        list.push({
          type: MESSAGE_TYPES.notice,
          title: `第${20 - Math.floor(k / SAFETY_REPORTS.length)}周${SAFETY_REPORTS[k % SAFETY_REPORTS.length]}已生成`,
          content: p(`本周共巡检点位${30 + random.int(20)}处，发现隐患${random.int(4)}处，均已登记整改。`) + p('详细报告请到首页下载。'),
          link: '/dashboard',
          sender: null,
          hoursAgo,
          to: { admin: read },
        });
        break;
      }
      case 1: {
        const name = personName(random, randomGender(random));
        const kind = random.pick(LEAVE_KINDS);
        list.push({
          type: MESSAGE_TYPES.leave,
          title: `${random.pick(DEPARTMENTS)}${name}老师提交了${kind}申请，请审批`,
          content: p(`${name}老师申请${kind}${1 + random.int(3)}天，事由已填写，请在考勤审批中处理。`),
          link: '/jzg/kqsp',
          sender: null,
          hoursAgo,
          to: { admin: read },
        });
        break;
      }
      case 2: {
        // every grade with every subject once in 36 rounds
        const grade = GRADES[k % GRADES.length];
        const subject = SUBJECTS[(k + Math.floor(k / GRADES.length)) % SUBJECTS.length];
        list.push({
          type: MESSAGE_TYPES.score,
          title: `${grade}${subject}${EXAMS[Math.floor(k / 36) % EXAMS.length]}成绩已发布`,
          content: p(`${grade}${subject}成绩已由教务处发布，年级平均分${60 + random.int(30)}分，及格率${70 + random.int(30)}%。`),
          link: '/jxgl/cjlr',
          sender: null,
          hoursAgo,
          to: { admin: read },
        });
        break;
      }
      case 3: {
        list.push({
          type: MESSAGE_TYPES.survey,
          // older reports counted fewer answers
          title: `问卷“${SURVEY_TOPICS[k % SURVEY_TOPICS.length]}”已回收${450 - k * 11}份`,
          content: p('问卷仍在进行中，可在问卷管理中查看实时统计结果。'),
          link: '/survey/cjwj',
          sender: null,
          hoursAgo,
          to: { admin: read },
        });
        break;
      }
      default: {
        const grade = GRADES[k % GRADES.length];
        list.push({
          type: MESSAGE_TYPES.homework,
          title: `第${20 - Math.floor(k / GRADES.length)}周${grade}作业布置情况周报`,
          content: p(`本周${grade}共布置作业${40 + random.int(30)}次，平均每日书面作业时长${30 + random.int(40)}分钟，符合“双减”要求。`),
          link: '/gtjl/zybz',
          sender: null,
          hoursAgo,
          to: { admin: read },
        });
      }
    }
  }
  return list;
}

function kindergartenMessages(): SeedMessage[] {
  return [
    {
      type: MESSAGE_TYPES.notice,
      title: '关于做好秋季传染病预防工作的通知',
      content: p('秋季是诺如病毒、手足口病等传染病的高发季节，请各班做好晨午检、通风和消毒工作，发现异常及时上报保健室。'),
      link: '/dashboard',
      sender: null,
      hoursAgo: 3,
      to: { admin: false },
    },
    {
      type: MESSAGE_TYPES.leave,
      title: '小一班幼儿家长提交了请假申请',
      content: p('小一班一名幼儿因发热请假2天，家长已上传就诊记录，请保健医生跟进。'),
      link: '/xssw/qjgl',
      sender: null,
      hoursAgo: 5,
      to: { admin: false },
    },
    {
      type: MESSAGE_TYPES.survey,
      title: '家长满意度调查问卷已回收86份',
      content: p('本学期家长满意度调查正在进行，目前回收86份，满意率97%。'),
      link: '/survey/cjwj',
      sender: null,
      hoursAgo: 26,
      to: { admin: false },
    },
    {
      type: MESSAGE_TYPES.score,
      title: '幼儿体质健康测评结果已发布',
      content: p('本学期幼儿体质健康测评已完成，结果已发布到成长档案，请各班老师与家长做好沟通。'),
      link: '/yey/czda',
      sender: null,
      hoursAgo: 50,
      to: { admin: false },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '园所消防安全演练安排',
      content: p('本月15日上午10:00进行全园消防疏散演练，请各班提前组织幼儿熟悉疏散路线。'),
      link: '',
      sender: null,
      hoursAgo: 80,
      to: { admin: true },
    },
    {
      type: MESSAGE_TYPES.homework,
      title: '中班亲子阅读打卡活动通知',
      content: p('中班开展为期21天的亲子阅读打卡活动，请老师每周汇总打卡情况。'),
      link: '',
      sender: null,
      hoursAgo: 110,
      to: { admin: true },
    },
    {
      type: MESSAGE_TYPES.notice,
      title: '校务平台消息中心上线啦',
      content: p('消息中心已正式上线，您可以在右上角的铃铛中查看未读消息，也可以进入<a href="/messageCenter/xxzx">消息中心</a>查找历史消息。'),
      link: '/messageCenter/xxzx',
      sender: null,
      hoursAgo: 200,
      to: { admin: true },
    },
  ];
}

/**
 * Messages for every demo account of a tenant: some read, some unread, of every type, with in-app
 * links. The demo school's `admin` gets DEMO_ADMIN_UNREAD unread. Content is sanitised on the way
 * in, as any creation path does.
 */
export async function seedMessages(tx: Tx, tenantId: string, profile: SchoolProfile, accounts: DemoRecipients, today: Date, demoStudentName = ''): Promise<number> {
  let list: SeedMessage[];
  if (profile.demoClass && accounts.teacher && accounts.student && accounts.parent) {
    const grade = profile.grades.find((g) => g.level === profile.demoClass!.level);
    const className = grade?.classes[profile.demoClass.classIndex]?.name ?? '';
    const shared = k12Messages(today.getFullYear(), demoStudentName, className);
    // the administrator: 2 unread school notices above, then a stream with a few read ones of every type
    const adminShared = shared.filter((m) => m.to.admin === false).length;
    const streamRead = new Set([3, 9, 15, 22, 36, 48]);
    list = [...shared, ...adminStream(DEMO_ADMIN_UNREAD - adminShared + streamRead.size, profile.randomSeed, streamRead)];
  } else {
    list = kindergartenMessages();
  }

  const messageRows: (typeof messages.$inferInsert)[] = [];
  const recipientRows: (typeof messageRecipients.$inferInsert)[] = [];
  for (const message of list) {
    const id = uuidv7();
    const createdAt = new Date(today.getTime() - message.hoursAgo * 3_600_000);
    const senderId = message.sender ? (accounts[message.sender] ?? null) : null;
    messageRows.push({
      tenantId,
      id,
      type: message.type,
      title: message.title,
      content: sanitizeMessageHtml(message.content),
      link: normaliseMessageLink(message.link),
      senderId,
      createdAt,
      updatedAt: createdAt,
      createdBy: senderId,
      updatedBy: senderId,
    });
    for (const [account, read] of Object.entries(message.to) as [Account, boolean][]) {
      const userId = accounts[account];
      if (!userId) continue;
      const readAt = read ? new Date(createdAt.getTime() + 3_600_000) : null;
      recipientRows.push({ tenantId, messageId: id, userId, status: read ? '1' : '0', readAt, createdAt, updatedAt: readAt ?? createdAt, createdBy: senderId });
    }
  }
  await insertInChunks(tx, messages, messageRows);
  await insertInChunks(tx, messageRecipients, recipientRows);
  return messageRows.length;
}
