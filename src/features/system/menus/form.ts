import { menuIssues, menuPlacementIssue, parsePerms, type MenuAdminNode, type MenuField, type MenuIssue, type MenuKind, type MenuSaveInput } from '../../../../contracts/menu-admin';
import { localName } from '../../../lib/locale';

/** What the drawer edits (texts as typed; perms as one text). */
export interface MenuDraft {
  parentId: string;
  type: MenuKind;
  menuname: string;
  menuNameEng: string;
  menuurl: string;
  icon: string;
  sort: number | null;
  hidden: boolean;
  alwaysShow: boolean;
  perms: string;
  cdwz: 'top' | 'left';
  sfswsy: '1' | '0';
  sfzdy: '1' | '0';
  zdycs: string;
}

/** A new row under `parent` (null = top level): a button under a menu, a menu under a directory, else a directory. */
export function blankDraft(parent: MenuAdminNode | null): MenuDraft {
  const type: MenuKind = parent?.type === 'menu' ? 'button' : parent ? 'menu' : 'directory';
  const last = parent?.children.at(-1)?.sort ?? 0;
  return {
    parentId: parent?.id ?? '',
    type,
    menuname: '',
    menuNameEng: '',
    menuurl: '',
    icon: '',
    sort: Math.min(9999, parent ? last + 10 : 0),
    hidden: false,
    alwaysShow: false,
    perms: '',
    cdwz: 'left',
    sfswsy: '0',
    sfzdy: '0',
    zdycs: '',
  };
}

export const draftOf = (node: MenuAdminNode): MenuDraft => ({
  parentId: node.parentId ?? '',
  type: node.type,
  menuname: node.menuname,
  menuNameEng: node.menuNameEng,
  menuurl: node.menuurl,
  icon: node.icon,
  sort: node.sort,
  hidden: node.hidden,
  alwaysShow: node.alwaysShow,
  perms: node.perms.join(', '),
  cdwz: node.cdwz,
  sfswsy: node.sfswsy,
  sfzdy: node.sfzdy,
  zdycs: node.zdycs,
});

/** The rule issues of the draft by field (the server refuses the same with the same words); `parentKind` of the chosen parent. */
export function draftIssues(draft: MenuDraft, parentKind: MenuKind | null): Partial<Record<MenuField, MenuIssue>> {
  const issues = menuIssues({
    type: draft.type,
    menuname: draft.menuname,
    menuNameEng: draft.menuNameEng,
    menuurl: draft.type === 'button' ? '' : draft.menuurl.trim(),
    icon: draft.icon,
    sort: draft.sort ?? -1,
    perms: parsePerms(draft.perms),
    sfzdy: draft.sfzdy,
    zdycs: draft.zdycs,
  });
  const placement = menuPlacementIssue(draft.type, parentKind);
  if (placement) issues.push({ field: 'parentId', code: placement });
  const byField: Partial<Record<MenuField, MenuIssue>> = {};
  for (const issue of issues) byField[issue.field] ??= issue;
  return byField;
}

export const saveBody = (draft: MenuDraft, node?: MenuAdminNode): MenuSaveInput => ({
  ...(node ? { id: node.id, version: node.version } : {}),
  parentId: draft.parentId || null,
  type: draft.type,
  menuname: draft.menuname.trim(),
  menuNameEng: draft.menuNameEng.trim(),
  menuurl: draft.type === 'button' ? '' : draft.menuurl.trim(),
  icon: draft.icon,
  sort: draft.sort ?? 0,
  hidden: draft.hidden,
  alwaysShow: draft.alwaysShow,
  perms: parsePerms(draft.perms),
  cdwz: draft.cdwz,
  sfswsy: draft.sfswsy,
  sfzdy: draft.sfzdy,
  zdycs: draft.sfzdy === '1' ? draft.zdycs.trim() : '',
});

/** A node's title in the current language (the English name when there is one). */
export const menuTitle = (node: { menuname: string; menuNameEng: string }, locale: string) => localName(node.menuname, node.menuNameEng, locale);

/** Whether a node matches the search box (either name, the address or a permission value). */
export const menuMatches = (node: MenuAdminNode, keyword: string): boolean => {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return true;
  return [node.menuname, node.menuNameEng, node.menuurl, ...node.perms].some((text) => text.toLowerCase().includes(needle));
};
