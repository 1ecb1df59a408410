import { className, gradeName } from '../../modules/calendar/grade-names';
import type { TenantKind } from '../../modules/tenants/tenants.table';

export interface GradeProfile {
  level: number;
  name: string;
  nameEn: string;
  /** index into campuses */
  campus: number;
  classes: { name: string; nameEn: string }[];
}

/** What a demo tenant looks like; seedSchool turns it into rows. */
export interface SchoolProfile {
  code: string;
  name: string;
  nameEn: string;
  kind: TenantKind;
  hosts: string[];
  address: string;
  phone: string;
  /** PRNG seed: names and numbers are the same on every machine */
  randomSeed: number;
  campuses: { code: string; name: string; address: string }[];
  departments: { code: string; name: string; nameEn: string }[];
  grades: GradeProfile[];
  studentsPerClass: number;
  /** staff besides `admin` (and `teacher` when demoClass is set) */
  otherStaff: number;
  /** the school's subjects: the STD_KM dictionary (codes are what duties, batches and scores store) */
  subjects: { code: string; name: string; nameEn: string }[];
  /** the class whose head teacher is `teacher` and whose first student is `student` (parent `parent`) */
  demoClass?: { level: number; classIndex: number };
  i18n: { key: string; zh: string; en: string }[];
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];

// Grade and class names come from one scheme, shared with the upgrade that renames them (calendar).
const k12Grade = (level: number): GradeProfile => ({
  level,
  ...gradeName('k12', level),
  campus: level <= 6 ? 0 : 1,
  classes: [1, 2, 3].map((n) => className('k12', level, n)),
});

const kindergartenGrade = (level: number): GradeProfile => ({
  level,
  ...gradeName('kindergarten', level),
  campus: 0,
  classes: [1, 2].map((n) => className('kindergarten', level, n)),
});

export const DEMO_SCHOOL: SchoolProfile = {
  code: 'demo',
  name: '示范学校',
  nameEn: 'Demo School',
  kind: 'k12',
  hosts: ['demo.localhost'],
  address: '示范市学府路1号',
  phone: '010-88886666',
  randomSeed: 20_260_901,
  campuses: [
    { code: 'BB', name: '本部校区', address: '示范市学府路1号' },
    { code: 'DX', name: '东校区', address: '示范市东湖路88号' },
  ],
  departments: [
    { code: 'XZS', name: '校长室', nameEn: "Principal's office" },
    { code: 'JWC', name: '教务处', nameEn: 'Academic affairs office' },
    { code: 'DYC', name: '德育处', nameEn: 'Moral education office' },
    { code: 'ZWC', name: '总务处', nameEn: 'General affairs office' },
    { code: 'BGS', name: '办公室', nameEn: 'Administration office' },
    { code: 'XXZX', name: '信息中心', nameEn: 'IT centre' },
  ],
  grades: [1, 2, 3, 4, 5, 6, 7, 8, 9].map(k12Grade),
  studentsPerClass: 40,
  otherStaff: 58,
  subjects: [
    { code: '01', name: '语文', nameEn: 'Chinese' },
    { code: '02', name: '数学', nameEn: 'Mathematics' },
    { code: '03', name: '英语', nameEn: 'English' },
    { code: '04', name: '物理', nameEn: 'Physics' },
    { code: '05', name: '化学', nameEn: 'Chemistry' },
    { code: '06', name: '生物', nameEn: 'Biology' },
    { code: '07', name: '历史', nameEn: 'History' },
    { code: '08', name: '地理', nameEn: 'Geography' },
    { code: '09', name: '道德与法治', nameEn: 'Morality and Law' },
    { code: '10', name: '体育', nameEn: 'Physical Education' },
    { code: '11', name: '音乐', nameEn: 'Music' },
    { code: '12', name: '美术', nameEn: 'Art' },
    { code: '13', name: '信息科技', nameEn: 'Information Technology' },
  ],
  demoClass: { level: 7, classIndex: 0 },
  i18n: [
    { key: 'app.schoolName', zh: '示范学校', en: 'Demo School' },
    { key: 'app.motto', zh: '立德树人，知行合一', en: 'Virtue first, knowledge in action' },
    { key: 'login.welcome', zh: '欢迎使用示范学校校务平台', en: 'Welcome to the Demo School platform' },
    { key: 'dashboard.notice', zh: '本学期第一周教学检查安排已发布', en: 'The first-week teaching inspection schedule is out' },
  ],
};

export const DEMO_KINDERGARTEN: SchoolProfile = {
  code: 'kg',
  name: '示范幼儿园',
  nameEn: 'Demo Kindergarten',
  kind: 'kindergarten',
  hosts: ['kg.localhost'],
  address: '示范市花园街6号',
  phone: '010-66668888',
  randomSeed: 20_260_902,
  campuses: [{ code: 'YBB', name: '园本部', address: '示范市花园街6号' }],
  departments: [
    { code: 'YZS', name: '园长室', nameEn: "Head's office" },
    { code: 'BJB', name: '保教部', nameEn: 'Care and education' },
    { code: 'HQB', name: '后勤部', nameEn: 'Operations' },
  ],
  grades: [1, 2, 3].map(kindergartenGrade),
  studentsPerClass: 20,
  otherStaff: 11,
  subjects: [
    { code: '01', name: '健康', nameEn: 'Health' },
    { code: '02', name: '语言', nameEn: 'Language' },
    { code: '03', name: '社会', nameEn: 'Society' },
    { code: '04', name: '科学', nameEn: 'Science' },
    { code: '05', name: '艺术', nameEn: 'Arts' },
  ],
  i18n: [
    { key: 'app.schoolName', zh: '示范幼儿园', en: 'Demo Kindergarten' },
    { key: 'login.welcome', zh: '欢迎使用示范幼儿园园务平台', en: 'Welcome to the Demo Kindergarten platform' },
  ],
};

export const DEMO_PROFILES = [DEMO_SCHOOL, DEMO_KINDERGARTEN] as const;

/** Password of every seeded account. */
export const DEMO_PASSWORD = 'Xiaowu@2026';

export const ordinal = (n: number) => ORDINALS[n - 1] ?? String(n);
