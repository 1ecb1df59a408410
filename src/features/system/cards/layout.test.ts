import { describe, expect, it } from 'vitest';
import { HOME_CARD_IDS } from '../../../../contracts/home-cards';
import { editorCards, layoutOf, moveCard } from './layout';

describe('首页卡片 editor list', () => {
  it('a role without a layout starts with every card shown in the built-in order', () => {
    expect(editorCards(null)).toEqual(HOME_CARD_IDS.map((id) => ({ id, shown: true })));
    expect(layoutOf(editorCards(null))).toEqual([...HOME_CARD_IDS]);
  });

  it("a layout's cards come first in its order (shown), the others after them (hidden); unknown ids are dropped", () => {
    const cards = editorCards(['shortcuts', 'gone', 'welcome']);
    expect(cards.slice(0, 2)).toEqual([
      { id: 'shortcuts', shown: true },
      { id: 'welcome', shown: true },
    ]);
    expect(cards.slice(2).every((card) => !card.shown)).toBe(true);
    expect(cards).toHaveLength(HOME_CARD_IDS.length);
    expect(layoutOf(cards)).toEqual(['shortcuts', 'welcome']);
  });

  it('moves a card and ignores moves off the list', () => {
    expect(moveCard(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveCard(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveCard(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
  });
});
