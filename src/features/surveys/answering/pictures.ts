import type { AnswerValues } from '../../../../contracts/survey-rules';
import { isLocalToken } from './draft';

/** The `local:` picture tokens of an answer (pictures kept on the device, not uploaded yet). */
export function localPictureTokens(values: AnswerValues): string[] {
  const tokens: string[] = [];
  for (const value of Object.values(values)) if (Array.isArray(value)) for (const token of value) if (isLocalToken(token)) tokens.push(token);
  return tokens;
}

/** The answer with uploaded pictures' tokens replaced by their file ids (tokens not in `ids` stay). */
export function replaceTokens(values: AnswerValues, ids: ReadonlyMap<string, string>): AnswerValues {
  const out: AnswerValues = {};
  for (const [questionId, value] of Object.entries(values)) out[questionId] = Array.isArray(value) ? value.map((token) => ids.get(token) ?? token) : value;
  return out;
}
