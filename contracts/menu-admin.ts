import { z } from 'zod';
import { MENU_KINDS, MENU_SORT_MAX, type MenuKind } from './menu-admin-rules';

/**
 * 菜单管理 (/system/menu): the whole menu tree of the school (directories, menus, buttons) with every
 * field of SPEC §3 'Menu' (remark: menuNameEng, cdwz, sfswsy, sfzdy, zdycs), save (add / edit with
 * version), delete (not with children; its role grants go with it), move (new parent + position among
 * the siblings). The field rules live in menu-admin-rules.ts (zod-free, shared with the form).
 */

export * from './menu-admin-rules';

/** One node of `POST /api/menu-admin/tree`. */
export interface MenuAdminNode {
  id: string;
  parentId: string | null;
  type: MenuKind;
  menuname: string;
  menuNameEng: string;
  menuurl: string;
  icon: string;
  sort: number;
  hidden: boolean;
  alwaysShow: boolean;
  perms: string[];
  /** placement: 'top' bar or 'left' sidebar */
  cdwz: 'top' | 'left';
  /** '1': home-page shortcut */
  sfswsy: '1' | '0';
  /** '1': custom page (zdycs its parameter) */
  sfzdy: '1' | '0';
  zdycs: string;
  /** how many roles are granted it */
  roleCount: number;
  version: number;
  children: MenuAdminNode[];
}

const text = (max: number) => z.string().max(max * 4);

/** `POST /api/menu-admin/save`: no id adds (system_menu_add), an id edits (system_menu_edit) at its version. */
export const menuSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().positive().optional(),
    parentId: z.uuid().nullable(),
    type: z.enum(MENU_KINDS),
    menuname: text(50),
    menuNameEng: text(100).default(''),
    menuurl: text(200).default(''),
    icon: text(40).default(''),
    sort: z.number().int().min(0).max(MENU_SORT_MAX),
    hidden: z.boolean().default(false),
    alwaysShow: z.boolean().default(false),
    perms: z.array(z.string().max(64)).max(50).default([]),
    cdwz: z.enum(['top', 'left']).default('left'),
    sfswsy: z.enum(['1', '0']).default('0'),
    sfzdy: z.enum(['1', '0']).default('0'),
    zdycs: text(200).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  });
export type MenuSaveRequest = z.infer<typeof menuSaveRequest>;
export type MenuSaveInput = z.input<typeof menuSaveRequest>;
export interface MenuSaveData {
  id: string;
  version: number;
}

/** `POST /api/menu-admin/delete` (system_menu_delete): refused while it has children. */
export const menuIdRequest = z.object({ id: z.uuid() });
export type MenuIdRequest = z.infer<typeof menuIdRequest>;

/** `POST /api/menu-admin/move` (system_menu_edit): under `parentId` (null = top level) at `index` among its siblings. */
export const menuMoveRequest = z.object({ id: z.uuid(), parentId: z.uuid().nullable(), index: z.number().int().min(0).max(100000) });
export type MenuMoveRequest = z.infer<typeof menuMoveRequest>;

export const MENU_ADMIN_PATHS = {
  tree: '/api/menu-admin/tree',
  save: '/api/menu-admin/save',
  delete: '/api/menu-admin/delete',
  move: '/api/menu-admin/move',
} as const;
