import { HOME_CARDS_EDIT_PERMISSION, HOME_CARDS_PERMISSION, homeCardResetRequest, homeCardSaveRequest } from '../../../contracts/home-card-layouts';
import { changes, defineRoute, reads } from '../../plugins/define-route';

/** 首页卡片 (/system/sykp): contracts/home-cards.ts (cards) and home-card-layouts.ts (requests). */
export const homeCardsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/home-cards/list',
    operation: reads('查询首页卡片', 'Home-page cards'),
    access: { anyOf: [HOME_CARDS_PERMISSION, HOME_CARDS_EDIT_PERMISSION] },
    summary: 'every role with its home-page layout (ordered card ids; null = the default)',
    handler: ({ tx, services }) => services.homeCards.list(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/home-cards/save',
    operation: changes('保存首页卡片', 'Save home-page cards'),
    access: { anyOf: [HOME_CARDS_EDIT_PERMISSION] },
    summary: "saves a role's ordered cards (known ids, no repeats; version 0 for the first); users reload",
    body: homeCardSaveRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.homeCards.save(tx, session, body);
      setMessage('homeCardsSaved');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/home-cards/reset',
    operation: changes('恢复默认首页卡片', 'Reset home-page cards'),
    access: { anyOf: [HOME_CARDS_EDIT_PERMISSION] },
    summary: "back to the default: removes the role's layout; users reload",
    body: homeCardResetRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      await services.homeCards.reset(tx, session, body);
      setMessage('homeCardsReset');
      return null;
    },
  }),
];
