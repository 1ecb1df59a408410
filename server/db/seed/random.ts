/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same demo data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}
export type Random = ReturnType<typeof createRandom>;

// Common surnames, the most frequent listed more than once so they come up more often.
const SURNAMES = [
  ...'王李张刘陈王李张刘陈杨黄赵吴周杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const MALE_GIVEN = [...'浩宇轩子俊杰博文睿泽明天伟鹏昊然嘉铭思成晨逸航一诚志强磊凯毅瑞翔鑫彬建国华军斌峰皓涛宏亮正阳'];
const FEMALE_GIVEN = [...'欣怡梓萱雨婷诗涵佳琪思彤可馨雅静梦瑶晓妍悦慧丽敏雪芳琳颖璐晴露蕾月婧美玉倩洁蓉若曦安琪'];

export type Gender = '1' | '2';

/** A plausible Chinese given name: one or (mostly) two characters. */
export function givenName(random: Random, gender: Gender): string {
  const pool = gender === '1' ? MALE_GIVEN : FEMALE_GIVEN;
  const first = random.pick(pool);
  if (random.next() < 0.25) return first;
  let second = random.pick(pool);
  while (second === first) second = random.pick(pool);
  return first + second;
}

export const surname = (random: Random) => random.pick(SURNAMES);

export const personName = (random: Random, gender: Gender) => surname(random) + givenName(random, gender);

export const randomGender = (random: Random): Gender => (random.next() < 0.5 ? '1' : '2');

/** An 11-digit mainland mobile number (13x-19x). */
export const mobileNumber = (random: Random) =>
  `1${random.pick(['3', '5', '7', '8', '9'])}${String(random.int(10))}${String(random.int(1e8)).padStart(8, '0')}`;
