import type { AnswerValues } from '../../../../contracts/survey-rules';

/** The answer with uploaded pictures' tokens replaced by their file ids (tokens not in `ids` stay). */
export function replaceTokens(values: AnswerValues, ids: ReadonlyMap<string, string>): AnswerValues {
  const out: AnswerValues = {};
  for (const [questionId, value] of Object.entries(values)) out[questionId] = Array.isArray(value) ? value.map((token) => ids.get(token) ?? token) : value;
  return out;
}
