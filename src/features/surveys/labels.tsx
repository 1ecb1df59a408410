import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Audience, OncePer, QuestionKind, QuestionProblem, TimeState } from '../../../contracts/survey-rules';
import { makeIcon } from '../../components/icons';

/**
 * The questionnaire feature's words (issue 9), one table per thing, zh/en through the surveys catalog
 * (catalog.ts). Shared by the managing screens (builder, bank, preview: H3) and the answering and
 * results screens (H4): `i18n._(KIND_LABELS[kind])`.
 */

/** Question kinds (contracts/survey-rules.ts QUESTION_KINDS). */
export const KIND_LABELS: Record<QuestionKind, MessageDescriptor> = {
  single: msg`单选题`,
  multiple: msg`多选题`,
  text: msg`填空题`,
  rating: msg`评分题`,
  matrix: msg`矩阵题`,
  number: msg`数字题`,
  date: msg`日期题`,
  picture: msg`图片上传`,
};

/** A line saying what each kind asks for (the add menu). */
export const KIND_HINTS: Record<QuestionKind, MessageDescriptor> = {
  single: msg`从选项中选一项`,
  multiple: msg`从选项中选多项`,
  text: msg`输入文字`,
  rating: msg`按星级打分`,
  matrix: msg`多行陈述各选一列`,
  number: msg`输入一个数字`,
  date: msg`选择一个日期`,
  picture: msg`上传图片`,
};

/** Icons of the kinds (inline strokes, components/icons makeIcon). */
export const KIND_ICONS: Record<QuestionKind, ReturnType<typeof makeIcon>> = {
  single: /* @__PURE__ */ makeIcon(
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" fill="currentColor" />
    </>,
  ),
  multiple: /* @__PURE__ */ makeIcon(
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="m8 12 3 3 5-6" />
    </>,
  ),
  text: /* @__PURE__ */ makeIcon(<path d="M4 6h16M4 12h16M4 18h10" />),
  rating: /* @__PURE__ */ makeIcon(<path d="m12 3 2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 3 1.1-6.2L3 9.7l6.2-.9z" />),
  matrix: /* @__PURE__ */ makeIcon(
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="M3 9h18M3 15h18M9 3v18M15 3v18" />
    </>,
  ),
  number: /* @__PURE__ */ makeIcon(<path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />),
  date: /* @__PURE__ */ makeIcon(
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>,
  ),
  picture: /* @__PURE__ */ makeIcon(
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-5-5L5 21" />
    </>,
  ),
};

export const AUDIENCE_LABELS: Record<Audience, MessageDescriptor> = {
  everyone: msg`所有人`,
  targeted: msg`指定对象`,
};

export const ANONYMOUS_LABELS = { anonymous: msg`匿名`, named: msg`实名` } as const;
export const anonymityLabel = (anonymous: boolean): MessageDescriptor => (anonymous ? ANONYMOUS_LABELS.anonymous : ANONYMOUS_LABELS.named);

export const ONCE_PER_LABELS: Record<OncePer, MessageDescriptor> = {
  person: msg`每人一次`,
  device: msg`每台设备一次`,
};

/** SPEC §4: published / unpublished. */
export const PUBLISHED_LABELS = { yes: msg`已发布`, no: msg`未发布` } as const;
export const publishedLabel = (published: boolean): MessageDescriptor => (published ? PUBLISHED_LABELS.yes : PUBLISHED_LABELS.no);

/** SPEC §4: in use / not used. */
export const IN_USE_LABELS = { yes: msg`启用`, no: msg`停用` } as const;
export const inUseLabel = (inUse: boolean): MessageDescriptor => (inUse ? IN_USE_LABELS.yes : IN_USE_LABELS.no);

/** SPEC §4: started / expired (and not yet started). */
export const TIME_STATE_LABELS: Record<TimeState, MessageDescriptor> = {
  not_started: msg`未开始`,
  started: msg`进行中`,
  expired: msg`已过期`,
};

/** Chakra colour palettes of the state tags. */
export const TIME_STATE_COLORS: Record<TimeState, string> = { not_started: 'gray', started: 'green', expired: 'orange' };
export const publishedColor = (published: boolean) => (published ? 'green' : 'gray');
export const inUseColor = (inUse: boolean) => (inUse ? 'blue' : 'red');

/** What a question problem (questionProblems) says, without its number (the card shows it; lists prefix 第{n}题：). */
export function questionProblemText(problem: QuestionProblem): MessageDescriptor {
  switch (problem.code) {
    case 'title_missing':
      return msg`请输入题目标题`;
    case 'options_too_few':
      return msg`至少需要两个选项`;
    case 'option_label_missing':
      return msg`选项内容不能为空`;
    case 'option_label_duplicate': {
      const label = problem.label;
      return msg`选项“${label}”重复`;
    }
    case 'rows_missing':
      return msg`矩阵题至少需要一行`;
    case 'range_invalid':
      return msg`最小值不能大于最大值，多选题最多可选数不能超过选项数`;
    case 'skip_target_invalid':
      return msg`跳题设置无效：只能跳到后面的题目或结束问卷`;
  }
}

/** '第{number}题：{problem}' (the server's surveysQuestionProblem wording). */
export const numberedProblem = (number: number, problem: string): MessageDescriptor => msg`第${number}题：${problem}`;
