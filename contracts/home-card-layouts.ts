import { z } from 'zod';

/** 首页卡片 requests (zod); the card list and the shared rule are in the zod-free contracts/home-cards.ts. */
export * from './home-cards';

/** `POST /api/home-cards/save`: a role's ordered cards; `version` the layout's (0: none yet). */
export const homeCardSaveRequest = z.object({
  roleId: z.uuid(),
  cards: z.array(z.string().trim().min(1).max(64)).max(50),
  version: z.number().int().min(0),
});
export type HomeCardSaveRequest = z.infer<typeof homeCardSaveRequest>;

/** `POST /api/home-cards/reset`: back to the default (the layout row is removed). */
export const homeCardResetRequest = z.object({ roleId: z.uuid() });
export type HomeCardResetRequest = z.infer<typeof homeCardResetRequest>;
