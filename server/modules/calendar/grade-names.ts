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

/** the stem followed by something that is not a digit (so 'Grade 1' never matches 'Grade 12') */
const startsWithStem = (text: string, stem: string) => text.startsWith(stem) && !/^\d/.test(text.slice(stem.length));

/**
 * A grade's or class's names moved from `level` to `level + 1`: the level stem at the start of each
 * name is swapped for the next level's (七年级(1)班 → 八年级(1)班, 小一班 → 中一班, Grade 7 Class 1
 * → Grade 8 Class 1). The scheme is the one whose stem the zh name starts with; a name made by hand
 * (no known stem) keeps its text.
 */
export function nextLevelNames(names: { name: string; nameEn: string }, level: number): { name: string; nameEn: string } {
  for (const scheme of SCHEMES) {
    const from = gradeStem(scheme, level);
    const to = gradeStem(scheme, level + 1);
    if (!from || !to || !startsWithStem(names.name, from.zh)) continue;
    return {
      name: to.zh + names.name.slice(from.zh.length),
      nameEn: startsWithStem(names.nameEn, from.en) ? to.en + names.nameEn.slice(from.en.length) : names.nameEn,
    };
  }
  return names;
}
