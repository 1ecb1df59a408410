import { describe, expect, it } from 'vitest';
import { HOME_CARD_IDS } from '../../contracts/home-cards';
import { DASHBOARD_CARDS } from './dashboard-cards';

describe('dashboard cards', () => {
  it('every card a feature adds is listed in contracts/home-cards.ts, so the 首页卡片 editor can place it', () => {
    for (const card of DASHBOARD_CARDS) expect(HOME_CARD_IDS).toContain(card.id);
  });
});
