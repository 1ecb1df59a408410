// 首页卡片 (/system/sykp): the home-page cards a role sees, in order. Zod-free: the dashboard (entry
// side) and the server both read it. The client's card components are keyed by these ids
// (features/dashboard: the built-in ones; app/dashboard-cards.ts: those features add).

export const HOME_CARDS_PERMISSION = 'system_home_card';
export const HOME_CARDS_EDIT_PERMISSION = 'system_home_card_edit';

/** Every card, in the built-in (default) order, with its names. */
export const HOME_CARDS = [
  { id: 'welcome', zh: '欢迎语', en: 'Welcome' },
  // what a head of school looks at first (issue 20 item 5; contracts/dashboard-figures.ts)
  { id: 'attendance-today', zh: '今日考勤', en: "Today's attendance" },
  { id: 'applications-pending', zh: '待审批的申请', en: 'Pending applications' },
  { id: 'score-progress', zh: '成绩录入进度', en: 'Score entry progress' },
  { id: 'survey-responses', zh: '问卷回收', en: 'Questionnaire responses' },
  { id: 'unread-messages', zh: '未读消息', en: 'Unread messages' },
  { id: 'applications-todo', zh: '待我审批', en: 'Waiting for my audit' },
  { id: 'pending', zh: '待办事项', en: 'To do' },
  { id: 'shortcuts', zh: '快捷入口', en: 'Shortcuts' },
] as const satisfies readonly { id: string; zh: string; en: string }[];

export type HomeCardId = (typeof HOME_CARDS)[number]['id'];
export const HOME_CARD_IDS: readonly HomeCardId[] = HOME_CARDS.map((card) => card.id);
export const isHomeCardId = (id: string): id is HomeCardId => (HOME_CARD_IDS as readonly string[]).includes(id);

/**
 * The cards to show, in order: the layout's (null = the built-in order of every card), only those
 * the user may see (`visible`); unknown ids dropped.
 */
export function orderedHomeCards(layout: readonly string[] | null | undefined, visible: (id: HomeCardId) => boolean): HomeCardId[] {
  const ids = layout ?? HOME_CARD_IDS;
  const seen = new Set<string>();
  return ids.filter((id): id is HomeCardId => {
    if (seen.has(id) || !isHomeCardId(id)) return false;
    seen.add(id);
    return visible(id);
  });
}

/** `POST /api/home-cards/list`: every role with its layout (null = default). */
export interface HomeCardRoleRow {
  roleId: string;
  code: string;
  name: string;
  nameEn: string;
  /** ordered card ids; null: no custom layout (every card the user may see, built-in order) */
  cards: string[] | null;
  /** the layout row's version (0 when there is none) */
  version: number;
  updatedAt: string | null;
}
