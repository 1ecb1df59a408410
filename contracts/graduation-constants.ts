// 毕业管理 (/xjgl/bygl): constants only (the route file imports this, so it stays in the entry chunk small).

/** the catalogue's codes (contracts/menus.ts): add guards graduating, holding back and the accounts */
export const GRADUATION_PERMS = { menu: 'bygl', add: 'bygl_add', export: 'bygl_export' } as const;
