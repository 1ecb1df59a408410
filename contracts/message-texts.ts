// The system messages the server sends (消息中心), in both languages, without zod: a message is stored
// as one of these keys and its parameters (messages.message_key / message_params) and rendered in the
// reader's language where it is shown; the client does so from its persisted cache, offline too.
// A parameter is data (a name, a date) or words in both languages (a kind of application, a step).

export type MessageParamValue = string | { zh: string; en: string };
export type MessageTextParams = Readonly<Record<string, MessageParamValue>>;

interface MessageText {
  title: { zh: string; en: string };
  body: { zh: string; en: string };
}

const APPROVAL_TITLE = { zh: '审批通知：{applicant}的{kind}', en: "Approval: {applicant}'s {kind}" };

export const MESSAGE_TEXTS = {
  applicationSubmitted: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}已提交，等待{step}审核', en: "{applicant}'s {kind} has been submitted and awaits the {step}" } },
  applicationToAudit: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}（{range}）等待您审核', en: "{applicant}'s {kind} ({range}) is waiting for your audit" } },
  applicationPassed: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}已通过{step}审核', en: "{applicant}'s {kind} has passed the {step}'s audit" } },
  applicationApproved: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}已审核通过', en: "{applicant}'s {kind} has been approved" } },
  applicationRejected: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}未通过审核：{opinion}', en: "{applicant}'s {kind} was rejected: {opinion}" } },
  applicationCancelled: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}已销假（返回时间 {at}）', en: "{applicant}'s {kind} was cancelled (back at {at})" } },
  applicationShiftCounterpart: { title: APPROVAL_TITLE, body: { zh: '{applicant}申请与您调班（{range}）：{status}', en: '{applicant} asks to swap duty with you ({range}): {status}' } },
  applicationWithdrawn: { title: APPROVAL_TITLE, body: { zh: '{applicant}的{kind}（{range}）已撤回，无需审核', en: "{applicant}'s {kind} ({range}) was withdrawn; no audit is needed" } },
  scoresReleased: {
    title: { zh: '成绩发布：{name}', en: 'Scores released: {name}' },
    body: { zh: '{name}（{dates}）的成绩已发布，请到“我的成绩”查看。', en: 'The scores of {name} ({dates}) have been released; see "My scores".' },
  },
  surveyPublished: {
    title: { zh: '请填写问卷“{title}”', en: 'Please answer the questionnaire "{title}"' },
    body: { zh: '问卷“{title}”已发布，截止时间 {time}。', en: 'The questionnaire "{title}" is open until {time}.' },
  },
} as const satisfies Record<string, MessageText>;

export type MessageTextKey = keyof typeof MESSAGE_TEXTS;

export const isMessageTextKey = (key: string | null | undefined): key is MessageTextKey => typeof key === 'string' && Object.hasOwn(MESSAGE_TEXTS, key);

const fill = (template: string, params: MessageTextParams, lang: 'zh' | 'en') =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'string' ? value : value[lang] || value.zh;
  });

/** A message's title and body (plain text) in `lang`; null for a key this version does not know (show the stored title). */
export function renderMessageText(key: string | null | undefined, params: MessageTextParams | null | undefined, lang: 'zh' | 'en'): { title: string; body: string } | null {
  if (!isMessageTextKey(key)) return null;
  const text: MessageText = MESSAGE_TEXTS[key];
  const values = params ?? {};
  return { title: fill(text.title[lang], values, lang), body: fill(text.body[lang], values, lang) };
}

/**
 * Parameters built once per language (the server's words for a kind, a step…) as one set: a value the
 * same in both stays a string, one that differs keeps both.
 */
export function bilingualParams(zh: Readonly<Record<string, string>>, en: Readonly<Record<string, string>>): Record<string, MessageParamValue> {
  const out: Record<string, MessageParamValue> = {};
  for (const name of new Set([...Object.keys(zh), ...Object.keys(en)])) {
    const a = zh[name] ?? en[name] ?? '';
    const b = en[name] ?? a;
    out[name] = a === b ? a : { zh: a, en: b };
  }
  return out;
}
