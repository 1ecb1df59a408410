// values from the zod-free org-rules: contracts/orgs.ts keeps `tableARequest.extend(…)` (not pure), which
// would tie the entry chunk (contracts/envelope.ts) to the zod chunk on every page
import { orgIssues, orgPlacementIssue, type OrgField, type OrgIssue, type OrgKind } from '../../../../contracts/org-rules';
import type { OrgNode, OrgSaveInput } from '../../../../contracts/orgs';
import { localName } from '../../../lib/locale';

export interface OrgDraft {
  parentId: string;
  kind: OrgKind;
  code: string;
  name: string;
  nameEn: string;
  campusId: string;
  gradeLevel: number | null;
  sort: number | null;
  remark: string;
}

/** A new unit under `parent`: a class under a grade, a department elsewhere. */
export function blankDraft(parent: OrgNode): OrgDraft {
  const kind: OrgKind = parent.kind === 'grade' ? 'class' : 'department';
  return { parentId: parent.id, kind, code: '', name: '', nameEn: '', campusId: parent.campusId ?? '', gradeLevel: null, sort: Math.min(9999, (parent.children.at(-1)?.sort ?? 0) + 10), remark: '' };
}

export const draftOf = (node: OrgNode): OrgDraft => ({
  parentId: node.parentId ?? '',
  kind: node.kind,
  code: node.code,
  name: node.name,
  nameEn: node.nameEn,
  campusId: node.campusId ?? '',
  gradeLevel: node.gradeLevel,
  sort: node.sort,
  remark: node.remark,
});

export function draftIssues(draft: OrgDraft, parentKind: OrgKind | null, isRoot: boolean): Partial<Record<OrgField, OrgIssue>> {
  const issues = orgIssues({ kind: draft.kind, code: draft.code, name: draft.name, nameEn: draft.nameEn, gradeLevel: draft.gradeLevel, sort: draft.sort ?? -1, remark: draft.remark });
  const placement = isRoot ? null : orgPlacementIssue(draft.kind, parentKind);
  if (placement) issues.push({ field: 'parentId', code: placement });
  const byField: Partial<Record<OrgField, OrgIssue>> = {};
  for (const issue of issues) byField[issue.field] ??= issue;
  return byField;
}

export const saveBody = (draft: OrgDraft, node?: OrgNode): OrgSaveInput => ({
  ...(node ? { id: node.id, version: node.version } : {}),
  parentId: draft.parentId || null,
  kind: draft.kind,
  code: draft.code.trim(),
  name: draft.name.trim(),
  nameEn: draft.nameEn.trim(),
  campusId: draft.campusId || null,
  gradeLevel: draft.kind === 'grade' ? draft.gradeLevel : null,
  sort: draft.sort ?? 0,
  remark: draft.remark.trim(),
});

export const orgTitle = (node: { name: string; nameEn: string }, locale: string) => localName(node.name, node.nameEn, locale);

export const orgMatches = (node: OrgNode, keyword: string): boolean => {
  const needle = keyword.trim().toLowerCase();
  return !needle || [node.name, node.nameEn, node.code].some((text) => text.toLowerCase().includes(needle));
};
