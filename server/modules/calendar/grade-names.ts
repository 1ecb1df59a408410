/**
 * How grades and their classes are named, in one place: the demo seed (server/db/seed/profiles.ts)
 * makes its grades with these, and the upgrade (setting a new school year's semester current)
 * renames a grade and its classes from one level to the next with the same scheme.
 *
 * K12: 七年级 / 七年级(1)班, Grade 7 / Grade 7 Class 1. Kindergarten: 小班 / 小一班, 中班, 大班;
 * Junior / Junior 1, Middle, Senior.
 */
export type GradeScheme = 'k12' | 'kindergarten';

const CHINESE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];
const KINDERGARTEN_STEMS = ['小', '中', '大'];
const KINDERGARTEN_STEMS_EN = ['Junior', 'Middle', 'Senior'];

/** 1 → 一 … 12 → 十二 */
export const chineseNumeral = (n: number) => CHINESE_NUMERALS[n - 1] ?? String(n);

/** The part of a grade's and its classes' names that says the level (zh, en); undefined past the scheme's levels. */
export function gradeStem(scheme: GradeScheme, level: number): { zh: string; en: string } | undefined {
  if (scheme === 'kindergarten') {
    const zh = KINDERGARTEN_STEMS[level - 1];
    return zh ? { zh, en: KINDERGARTEN_STEMS_EN[level - 1] } : undefined;
  }
  return level >= 1 && level <= CHINESE_NUMERALS.length ? { zh: `${chineseNumeral(level)}年级`, en: `Grade ${level}` } : undefined;
}

/** A grade's name: 七年级 / Grade 7; 小班 / Junior. */
export function gradeName(scheme: GradeScheme, level: number): { name: string; nameEn: string } {
  const stem = gradeStem(scheme, level) ?? { zh: String(level), en: String(level) };
  return scheme === 'kindergarten' ? { name: `${stem.zh}班`, nameEn: stem.en } : { name: stem.zh, nameEn: stem.en };
}

/** The n-th class of a grade: 七年级(1)班 / Grade 7 Class 1; 小一班 / Junior 1. */
export function className(scheme: GradeScheme, level: number, n: number): { name: string; nameEn: string } {
  const stem = gradeStem(scheme, level) ?? { zh: String(level), en: String(level) };
  return scheme === 'kindergarten'
    ? { name: `${stem.zh}${chineseNumeral(n)}班`, nameEn: `${stem.en} ${n}` }
    : { name: `${stem.zh}(${n})班`, nameEn: `${stem.en} Class ${n}` };
}

const SCHEMES: readonly GradeScheme[] = ['k12', 'kindergarten'];

/** the last level of each stage: 九年级 (junior school), 高三 / 十二年级 (with 高中 grades), 大班 */
export const JUNIOR_TOP_LEVEL = 9;
export const SENIOR_TOP_LEVEL = 12;
export const KINDERGARTEN_TOP_LEVEL = 3;

/** 高一 … 高三: how schools with 高中 grades often name levels 10-12 (en stays Grade 10 … 12) */
const SENIOR_STEMS = ['高一', '高二', '高三'];
const seniorStem = (level: number): { zh: string; en: string } | undefined => {
  const zh = SENIOR_STEMS[level - JUNIOR_TOP_LEVEL - 1];
  return zh ? { zh, en: `Grade ${level}` } : undefined;
};
const isSeniorName = (name: string) => SENIOR_STEMS.some((stem) => name.startsWith(stem));

/**
 * The level whose grade graduates at the upgrade: the top of the school's stage, never the highest
 * level that happens to exist (a new junior school with only 七年级 and 八年级 moves both up and
 * graduates none). A kindergarten ends at 大班 (3). A K12 school ends at 九年级 (9), or at 12 when
 * its grades (graduated ones too) include 高一/高二/高三 or a level above 9.
 */
export function topLevel(scheme: GradeScheme, grades: readonly { name: string; gradeLevel: number | null }[]): number {
  if (scheme === 'kindergarten') return KINDERGARTEN_TOP_LEVEL;
  const senior = grades.some((grade) => (grade.gradeLevel ?? 0) > JUNIOR_TOP_LEVEL || isSeniorName(grade.name));
  return senior ? SENIOR_TOP_LEVEL : JUNIOR_TOP_LEVEL;
}

/** the stem followed by something that is not a digit (so 'Grade 1' never matches 'Grade 12') */
const startsWithStem = (text: string, stem: string) => text.startsWith(stem) && !/^\d/.test(text.slice(stem.length));

/**
 * A grade's or class's names moved from `level` to `level + 1`: the level stem at the start of each
 * name is swapped for the next level's (七年级(1)班 → 八年级(1)班, 小一班 → 中一班, Grade 7 Class 1
 * → Grade 8 Class 1, 高一(1)班 → 高二(1)班). The scheme is the one whose stem the zh name starts
 * with; a name made by hand (no known stem) keeps its text.
 */
export function nextLevelNames(names: { name: string; nameEn: string }, level: number): { name: string; nameEn: string } {
  const stems = [...SCHEMES.map((scheme) => (n: number) => gradeStem(scheme, n)), seniorStem];
  for (const stemOf of stems) {
    const from = stemOf(level);
    const to = stemOf(level + 1);
    if (!from || !to || !startsWithStem(names.name, from.zh)) continue;
    return {
      name: to.zh + names.name.slice(from.zh.length),
      nameEn: startsWithStem(names.nameEn, from.en) ? to.en + names.nameEn.slice(from.en.length) : names.nameEn,
    };
  }
  return names;
}
