import { Box, chakra, HStack, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from '../icons';
import { defaultChildrenOf, flattenTree, keptIds, visibleNodes, tickStates, toggleTick, type ChildrenOf, type FlatNode, type TickState } from './tree-utils';

export interface CheckTreeProps<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  childrenOf?: ChildrenOf<Row>;
  /** the row's text: shown, names its checkbox, and what the filter box matches */
  rowLabel: (row: Row) => string;
  /** extra content after the label (an icon, a type tag) */
  renderExtra?: (row: Row) => ReactNode;
  /** the ticked ids (ancestors of a ticked node are ticked too) */
  value: readonly string[];
  onChange?: (ids: string[]) => void;
  /** shows the ticks without letting them change */
  readOnly?: boolean;
  /** first render: every node open ('all', the default) or the nodes above this depth */
  defaultExpanded?: 'all' | number;
  /** shows the filter box (default true) */
  filterable?: boolean;
  /** height of the scrolling list (default 60vh) */
  maxHeight?: string;
  'data-testid'?: string;
}

function TickBox({ state, label, disabled, onChange }: { state: TickState; label: string; disabled?: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'partial';
  }, [state]);
  return (
    <chakra.input
      ref={ref}
      type="checkbox"
      boxSize="4"
      flexShrink={0}
      accentColor="var(--chakra-colors-brand-solid)"
      aria-label={label}
      checked={state === 'on'}
      disabled={disabled}
      data-state={state}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/**
 * A checkbox tree: ticking a node ticks its whole subtree (and its ancestors, which then show
 * half-ticked until all their descendants are), unticking unticks the subtree (and an ancestor with
 * nothing ticked left); a toggle per parent, expand-all / collapse-all, a filter box that keeps the
 * matching rows with their ancestors (ticking a filtered parent ticks its whole subtree, hidden rows
 * included). `value` = the ticked ids; `readOnly` shows them only. Plain nested lists of native
 * checkboxes (half-ticked = indeterminate) and named toggle buttons with aria-expanded: Tab reaches
 * each, Space ticks or toggles; no tree roles (whose arrow-key model this does not implement).
 */
export function CheckTree<Row>({
  rows,
  rowKey,
  childrenOf = defaultChildrenOf,
  rowLabel,
  renderExtra,
  value,
  onChange,
  readOnly,
  defaultExpanded = 'all',
  filterable = true,
  maxHeight = '60vh',
  'data-testid': testId,
}: CheckTreeProps<Row>) {
  const { t } = useLingui();
  const [filter, setFilter] = useState('');
  const all = useMemo(() => flattenTree(rows, rowKey, childrenOf), [rows, rowKey, childrenOf]);
  const ticked = useMemo(() => new Set(value), [value]);
  const states = useMemo(() => tickStates(all, ticked), [all, ticked]);

  const needle = filter.trim().toLowerCase();
  const kept = useMemo(() => {
    if (!needle) return all;
    const ids = new Set<string>();
    for (const id of keptIds(all, (row) => rowLabel(row).toLowerCase().includes(needle))) ids.add(id);
    return all.filter((node) => ids.has(node.id));
  }, [needle, all, rowLabel]);

  // what the user opened or closed; the rest follow defaultExpanded (rows arriving later too)
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const depthOf = useMemo(() => new Map(all.map((node) => [node.id, node.depth] as const)), [all]);
  const isExpanded = useCallback(
    (id: string) => {
      if (needle !== '') return true;
      const chosen = toggled.get(id);
      if (chosen !== undefined) return chosen;
      return defaultExpanded === 'all' || (depthOf.get(id) ?? 0) < defaultExpanded;
    },
    [toggled, needle, defaultExpanded, depthOf],
  );
  const setAll = (open: boolean) => setToggled(new Map(all.filter((node) => node.childCount > 0).map((node) => [node.id, open] as const)));
  const shown = useMemo(() => visibleNodes(kept, isExpanded), [kept, isExpanded]);
  // the shown rows by parent (a kept row's ancestors are kept, an open row's parent is open)
  const byParent = useMemo(() => {
    const map = new Map<string | null, FlatNode<Row>[]>();
    for (const node of shown) map.set(node.parentId, [...(map.get(node.parentId) ?? []), node]);
    return map;
  }, [shown]);
  const toggleOpen = (id: string) => setToggled((current) => new Map(current).set(id, !isExpanded(id)));
  const tick = (id: string, on: boolean) => {
    if (readOnly || !onChange) return;
    const next = toggleTick(all, ticked, id, on);
    // keep the tree's order
    onChange(all.filter((node) => next.has(node.id)).map((node) => node.id));
  };

  const renderList = (parentId: string | null): ReactNode => {
    const items = byParent.get(parentId);
    if (!items) return null;
    return (
      <chakra.ul listStyleType="none" m="0" p="0">
        {items.map((node) => {
          const label = rowLabel(node.row);
          const open = isExpanded(node.id);
          const state = states.get(node.id) ?? 'off';
          return (
            <li key={node.id}>
              <HStack
                gap="1"
                px="2"
                minH="9"
                style={{ paddingInlineStart: 8 + node.depth * 20 }}
                _hover={{ bg: 'bg.muted' }}
                data-testid="check-tree-row"
                data-id={node.id}
                data-depth={node.depth}
                data-state={state}
              >
                {node.childCount > 0 && !needle ? (
                  <chakra.button
                    type="button"
                    aria-label={open ? t`收起 ${label}` : t`展开 ${label}`}
                    aria-expanded={open}
                    onClick={() => toggleOpen(node.id)}
                    display="inline-flex"
                    alignItems="center"
                    justifyContent="center"
                    boxSize="8"
                    flexShrink={0}
                    borderRadius="l1"
                    _hover={{ bg: 'bg.emphasized' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
                    data-testid="check-tree-toggle"
                  >
                    {open ? <ChevronDownIcon boxSize="4" /> : <ChevronRightIcon boxSize="4" />}
                  </chakra.button>
                ) : (
                  <Box boxSize="8" flexShrink={0} />
                )}
                <chakra.label display="inline-flex" alignItems="center" gap="2" cursor={readOnly ? 'default' : 'pointer'} minW="0" minH="8">
                  <TickBox state={state} label={label} disabled={readOnly} onChange={(on) => tick(node.id, on)} />
                  <Box as="span" truncate>
                    {label}
                  </Box>
                  {renderExtra?.(node.row)}
                </chakra.label>
              </HStack>
              {renderList(node.id)}
            </li>
          );
        })}
      </chakra.ul>
    );
  };

  return (
    <Box borderWidth="1px" borderRadius="l2" bg="bg.panel" data-testid={testId}>
      <HStack px="2" py="2" gap="2" borderBottomWidth="1px" wrap="wrap">
        {filterable && (
          <Input size="sm" flex="1" minW="40" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} placeholder={t`输入关键字过滤`} aria-label={t`输入关键字过滤`} maxLength={50} data-testid="check-tree-filter" />
        )}
        {!needle && (
          <>
            <chakra.button type="button" fontSize="sm" color="brand.fg" minH="8" px="1" onClick={() => setAll(true)} data-testid="check-tree-expand-all">
              {t`展开全部`}
            </chakra.button>
            <chakra.button
              type="button"
              fontSize="sm"
              color="brand.fg"
              minH="8"
              px="1"
              onClick={() => setAll(false)}
              data-testid="check-tree-collapse-all"
            >
              {t`收起全部`}
            </chakra.button>
          </>
        )}
      </HStack>
      <Box maxH={maxHeight} overflowY="auto" py="1">
        {shown.length === 0 ? (
          <Box py="6" textAlign="center" color="fg.muted" data-testid="check-tree-empty">
            {t`暂无数据`}
          </Box>
        ) : (
          renderList(null)
        )}
      </Box>
    </Box>
  );
}
