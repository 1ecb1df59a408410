import { HOME_CARD_IDS } from '../../../../contracts/home-cards';

/** One card in the editor: its id and whether the role sees it. */
export interface EditorCard {
  id: string;
  shown: boolean;
}

/** The editor's list for a layout: the layout's cards (shown) in order, then the others (hidden); null: every card shown. */
export function editorCards(layout: readonly string[] | null): EditorCard[] {
  if (layout === null) return HOME_CARD_IDS.map((id) => ({ id, shown: true }));
  const known = layout.filter((id) => (HOME_CARD_IDS as readonly string[]).includes(id));
  return [...known.map((id) => ({ id, shown: true })), ...HOME_CARD_IDS.filter((id) => !known.includes(id)).map((id) => ({ id, shown: false }))];
}

/** What is saved: the shown cards, in order. */
export const layoutOf = (cards: readonly EditorCard[]): string[] => cards.filter((card) => card.shown).map((card) => card.id);

/** `list` with the item at `from` moved to `to`. */
export function moveCard<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
