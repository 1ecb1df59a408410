import { pinyin } from 'pinyin-pro';

/** "Ouyang Zixuan": the family name capitalised, the given name as one word (surname readings for 单, 曾, …). */
export function pinyinOf(name: string): string {
  const syllables = pinyin(name, { toneType: 'none', surname: 'head', type: 'array', v: true });
  // two-character family names (欧阳, 司马…) are rare in the demo: the first character is the family name
  const word = (parts: string[]) => parts.join('').replace(/^./, (c) => c.toUpperCase());
  return syllables.length > 1 ? `${word(syllables.slice(0, 1))} ${word(syllables.slice(1))}` : word(syllables);
}
