import { describe, expect, it } from 'vitest';
import { defaultChildrenOf, filterTree, flattenTree, isInSubtree, keptIds, projectDrop, subtreeIds, tickStates, toggleTick, visibleNodes } from './tree-utils';

interface N {
  id: string;
  children?: N[];
}
const n = (id: string, ...children: N[]): N => (children.length ? { id, children } : { id });
// a ─ a1 ─ a1x
//   └ a2
// b ─ b1
// c
const tree = [n('a', n('a1', n('a1x')), n('a2')), n('b', n('b1')), n('c')];
const key = (row: N) => row.id;
const flat = () => flattenTree(tree, key, defaultChildrenOf);

describe('tree helpers', () => {
  it('flattens depth first with parent, depth, index and child count', () => {
    const nodes = flat();
    expect(nodes.map((node) => `${node.id}:${node.parentId ?? '-'}:${node.depth}:${node.index}:${node.childCount}`)).toEqual([
      'a:-:0:0:2',
      'a1:a:1:0:1',
      'a1x:a1:2:0:0',
      'a2:a:1:1:0',
      'b:-:0:1:1',
      'b1:b:1:0:0',
      'c:-:0:2:0',
    ]);
  });

  it('a collapsed node hides its whole subtree', () => {
    const nodes = flat();
    expect(visibleNodes(nodes, (id) => id !== 'a').map((node) => node.id)).toEqual(['a', 'b', 'b1', 'c']);
    expect(visibleNodes(nodes, (id) => id !== 'a1').map((node) => node.id)).toEqual(['a', 'a1', 'a2', 'b', 'b1', 'c']);
  });

  it('filters keep matches with their ancestors and their subtree', () => {
    const kept = filterTree(tree, defaultChildrenOf, (row) => row.id === 'a1x' || row.id === 'b', (row, children) => ({ ...row, children }));
    expect(flattenTree(kept, key, defaultChildrenOf).map((node) => node.id)).toEqual(['a', 'a1', 'a1x', 'b', 'b1']);
    expect([...keptIds(flat(), (row) => row.id === 'a1x' || row.id === 'b')].sort()).toEqual(['a', 'a1', 'a1x', 'b', 'b1']);
    expect(filterTree(tree, defaultChildrenOf, () => false, (row) => row)).toEqual([]);
  });

  it('subtrees and cycles', () => {
    const nodes = flat();
    expect(subtreeIds(nodes, 'a')).toEqual(['a', 'a1', 'a1x', 'a2']);
    expect(isInSubtree(nodes, 'a', 'a1x')).toBe(true);
    expect(isInSubtree(nodes, 'a', 'a')).toBe(true);
    expect(isInSubtree(nodes, 'a1', 'b')).toBe(false);
    expect(isInSubtree(nodes, 'a', null)).toBe(false);
  });

  it('projects a drop: reorder among siblings, deeper under the row above, shallower after the last child', () => {
    const nodes = flat();
    const shown = visibleNodes(nodes, () => true);
    // c dragged onto a's place without horizontal move: first at the top level
    expect(projectDrop(shown, nodes, 'c', 'a', 0)).toEqual({ parentId: null, index: 0, depth: 0 });
    // a2 dragged onto a1's place: first child of a
    expect(projectDrop(shown, nodes, 'a2', 'a1', 0)).toEqual({ parentId: 'a', index: 0, depth: 1 });
    // c dragged onto b1's place, one step right: under b, after b1 is not possible (b1 below), so before b1
    expect(projectDrop(shown, nodes, 'c', 'b1', 1)).toEqual({ parentId: 'b', index: 0, depth: 1 });
    // b1 dragged right by two steps over itself: cannot go deeper than one below b
    expect(projectDrop(shown, nodes, 'b1', 'b1', 2)).toEqual({ parentId: 'b', index: 0, depth: 1 });
    // c at its place, one step right: last child of b
    expect(projectDrop(shown, nodes, 'c', 'c', 1)).toEqual({ parentId: 'b', index: 1, depth: 1 });
    // a2 dragged left at its place: after a at the top level
    expect(projectDrop(shown, nodes, 'a2', 'a2', -1)).toEqual({ parentId: null, index: 1, depth: 0 });
  });

  it('dropped under a collapsed node it goes last among its children', () => {
    const nodes = flat();
    const shown = visibleNodes(nodes, (id) => id !== 'b');
    expect(projectDrop(shown, nodes, 'c', 'c', 1)).toEqual({ parentId: 'b', index: 1, depth: 1 });
  });

  it('ticks: a subtree follows its node, parents are half ticked, ancestors follow their descendants', () => {
    const nodes = flat();
    let ticked = toggleTick(nodes, new Set(), 'a1', true);
    expect([...ticked].sort()).toEqual(['a', 'a1', 'a1x']);
    let states = tickStates(nodes, ticked);
    expect(states.get('a')).toBe('partial');
    expect(states.get('a1')).toBe('on');
    expect(states.get('a2')).toBe('off');
    ticked = toggleTick(nodes, ticked, 'a2', true);
    states = tickStates(nodes, ticked);
    expect(states.get('a')).toBe('on');
    ticked = toggleTick(nodes, ticked, 'a1x', false);
    expect([...ticked].sort()).toEqual(['a', 'a2']);
    states = tickStates(nodes, ticked);
    expect(states.get('a1')).toBe('off');
    expect(states.get('a')).toBe('partial');
    ticked = toggleTick(nodes, ticked, 'a2', false);
    expect([...ticked]).toEqual([]);
    expect([...toggleTick(nodes, new Set(), 'a', true)].sort()).toEqual(['a', 'a1', 'a1x', 'a2']);
  });
});
