/**
 * Pure helpers of the tree widgets (TreeTable, CheckTree) and the screens that feed them: a nested
 * list is read through `keyOf` and `childrenOf`, never through business fields.
 */

export type KeyOf<Row> = (row: Row) => string;
export type ChildrenOf<Row> = (row: Row) => readonly Row[] | undefined | null;

export const defaultChildrenOf = <Row>(row: Row): readonly Row[] | undefined => (row as { children?: readonly Row[] }).children;

/** One row of the tree in display order. */
export interface FlatNode<Row> {
  id: string;
  row: Row;
  parentId: string | null;
  depth: number;
  /** position among its siblings */
  index: number;
  childCount: number;
}

/** Every node, depth first (parents before children), whatever is collapsed. */
export function flattenTree<Row>(rows: readonly Row[], keyOf: KeyOf<Row>, childrenOf: ChildrenOf<Row>): FlatNode<Row>[] {
  const out: FlatNode<Row>[] = [];
  const walk = (list: readonly Row[], parentId: string | null, depth: number) => {
    list.forEach((row, index) => {
      const children = childrenOf(row) ?? [];
      const id = keyOf(row);
      out.push({ id, row, parentId, depth, index, childCount: children.length });
      if (children.length) walk(children, id, depth + 1);
    });
  };
  walk(rows, null, 0);
  return out;
}

/** The nodes shown when only `expanded` ids are open (a collapsed node hides its whole subtree). */
export function visibleNodes<Row>(nodes: readonly FlatNode<Row>[], isExpanded: (id: string) => boolean): FlatNode<Row>[] {
  const out: FlatNode<Row>[] = [];
  let hideBelow: number | null = null;
  for (const node of nodes) {
    if (hideBelow !== null) {
      if (node.depth > hideBelow) continue;
      hideBelow = null;
    }
    out.push(node);
    if (node.childCount > 0 && !isExpanded(node.id)) hideBelow = node.depth;
  }
  return out;
}

/** Ids of every node that has children (what "expand all" opens). */
export const parentIds = <Row>(nodes: readonly FlatNode<Row>[]): string[] => nodes.filter((node) => node.childCount > 0).map((node) => node.id);

/**
 * The rows that match, with their ancestors (so a match is shown where it lives) and, under a
 * matching row, its whole subtree. `build` makes the copy of a row with the kept children.
 */
export function filterTree<Row>(rows: readonly Row[], childrenOf: ChildrenOf<Row>, matches: (row: Row) => boolean, build: (row: Row, children: Row[]) => Row): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    if (matches(row)) {
      out.push(row);
      continue;
    }
    const kept = filterTree(childrenOf(row) ?? [], childrenOf, matches, build);
    if (kept.length) out.push(build(row, kept));
  }
  return out;
}

/** Ids of the matching nodes, their ancestors and everything under them (a flat-list `filterTree`). */
export function keptIds<Row>(nodes: readonly FlatNode<Row>[], matches: (row: Row) => boolean): Set<string> {
  const ids = new Set<string>();
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId] as const));
  nodes.forEach((node, start) => {
    if (!matches(node.row)) return;
    for (let cursor: string | null | undefined = node.id; cursor; cursor = parentOf.get(cursor)) ids.add(cursor);
    for (let i = start + 1; i < nodes.length && nodes[i]!.depth > node.depth; i++) ids.add(nodes[i]!.id);
  });
  return ids;
}

/** Ids of a node and everything under it. */
export function subtreeIds<Row>(nodes: readonly FlatNode<Row>[], id: string): string[] {
  const start = nodes.findIndex((node) => node.id === id);
  if (start < 0) return [];
  const out = [id];
  for (let i = start + 1; i < nodes.length && nodes[i]!.depth > nodes[start]!.depth; i++) out.push(nodes[i]!.id);
  return out;
}

/** Where a dragged node would land: its new parent (null = top level), its index among the new siblings (itself left out), its depth. */
export interface DropProjection {
  parentId: string | null;
  index: number;
  depth: number;
}

/**
 * The landing place of a drag (the dnd-kit sortable-tree projection): `visible` are the rows shown
 * without the dragged node's descendants, the dragged row moves from `activeId` to the position of
 * `overId`, and the horizontal offset (in indentation steps) chooses its depth between what its new
 * neighbours allow (at most one deeper than the row above, at least as deep as the row below).
 * `allNodes` (the whole tree) counts the siblings of a collapsed new parent: the node goes last.
 */
export function projectDrop<Row>(visible: readonly FlatNode<Row>[], allNodes: readonly FlatNode<Row>[], activeId: string, overId: string, depthSteps: number): DropProjection | null {
  const from = visible.findIndex((node) => node.id === activeId);
  const to = visible.findIndex((node) => node.id === overId);
  if (from < 0 || to < 0) return null;
  const moved = [...visible];
  const [active] = moved.splice(from, 1);
  moved.splice(to, 0, active!);
  const previous = moved[to - 1];
  const next = moved[to + 1];
  const maxDepth = previous ? previous.depth + 1 : 0;
  const minDepth = next ? next.depth : 0;
  const depth = Math.min(maxDepth, Math.max(minDepth, active!.depth + depthSteps));

  let parentId: string | null = null;
  if (depth > 0 && previous) {
    if (depth === previous.depth) parentId = previous.parentId;
    else if (depth > previous.depth) parentId = previous.id;
    else parentId = moved.slice(0, to).reverse().find((node) => node.depth === depth)?.parentId ?? null;
  }
  // index among the new siblings, the dragged node left out
  const shownChildren = moved.slice(0, to).filter((node) => node.parentId === parentId && node.id !== activeId).length;
  const parentShown = parentId === null || visible.some((node) => node.id === parentId);
  const parentOpen = parentId === null || moved.some((node) => node.parentId === parentId && node.id !== activeId);
  let index = shownChildren;
  if (parentShown && !parentOpen) {
    // dropped onto a collapsed node (or one without children): last among its children
    index = allNodes.filter((node) => node.parentId === parentId && node.id !== activeId).length;
  }
  return { parentId, index, depth };
}

/** Whether `candidateId` is `id` or lies under it (a move there would make a cycle). */
export function isInSubtree<Row>(nodes: readonly FlatNode<Row>[], id: string, candidateId: string | null): boolean {
  if (candidateId === null) return false;
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId] as const));
  for (let cursor: string | null | undefined = candidateId; cursor; cursor = parentOf.get(cursor)) if (cursor === id) return true;
  return false;
}

/** Tick state of every node of a checkbox tree, from the ticked ids: a parent is ticked when all its leaves are, half-ticked when some are. */
export type TickState = 'on' | 'off' | 'partial';

export function tickStates<Row>(nodes: readonly FlatNode<Row>[], ticked: ReadonlySet<string>): Map<string, TickState> {
  const states = new Map<string, TickState>();
  // children come after their parent: walk backwards so children are known first
  const childrenOf = new Map<string, string[]>();
  for (const node of nodes) if (node.parentId !== null) childrenOf.set(node.parentId, [...(childrenOf.get(node.parentId) ?? []), node.id]);
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const kids = childrenOf.get(node.id);
    if (!kids?.length) {
      states.set(node.id, ticked.has(node.id) ? 'on' : 'off');
      continue;
    }
    const kidStates = kids.map((kid) => states.get(kid));
    if (kidStates.every((state) => state === 'on')) states.set(node.id, 'on');
    else if (kidStates.every((state) => state === 'off')) states.set(node.id, ticked.has(node.id) ? 'partial' : 'off');
    else states.set(node.id, 'partial');
  }
  return states;
}

/**
 * The ticked ids after ticking (`on`) or unticking a node: its whole subtree follows, and its
 * ancestors are ticked while any of their descendants is (a granted child needs its parent to be
 * reachable), unticked when none is any more.
 */
export function toggleTick<Row>(nodes: readonly FlatNode<Row>[], ticked: ReadonlySet<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ticked);
  for (const each of subtreeIds(nodes, id)) {
    if (on) next.add(each);
    else next.delete(each);
  }
  const byId = new Map(nodes.map((node) => [node.id, node] as const));
  for (let parent = byId.get(id)?.parentId ?? null; parent !== null; parent = byId.get(parent)?.parentId ?? null) {
    const anyBelow = subtreeIds(nodes, parent).some((each) => each !== parent && next.has(each));
    if (anyBelow) next.add(parent);
    else next.delete(parent);
  }
  return next;
}
