import { Badge, Box, Button, chakra, CloseButton, Flex, HStack, Input, NativeSelect, Popover, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SELECTOR_PAGE_SIZE, SELECTOR_PREFIX, type SelectorEntry, type SelectorType } from '../../../contracts/selector-constants';
import type { OrgNode, PeopleSearch } from '../../../contracts/selector';
import { HttpError } from '../../lib/http';
import { notify } from '../../lib/notify';
import { MiniPager } from './MiniPager';
import { useModalContainer } from './modal-container';
import { campusesQuery, orgsQuery, peopleByIdsQuery, peopleQuery, rolesQuery, SELECTOR_URLS } from './selector-api';
import { chooseEntry, makeEntry, normalizeSelection, parseSelectionValue, removeEntry, selectionValue, visibleTags, type Prefixes } from './selection';

/** SPEC §9 selector constants. */
export const SELECTOR_UI = {
  width: 500,
  /** the org-only picker is narrower */
  orgWidth: 300,
  treeHeight: '300px',
  tableHeight: '205px',
  placement: 'bottom-start',
  tagAreaHeight: '36px',
  overlayZIndex: 99999,
} as const;

const ALL_TYPES: readonly SelectorType[] = ['people', 'org', 'role'];

export interface SelectorUrls {
  campuses?: string;
  roles?: string;
  orgs?: string;
  people?: string;
  peopleByIds?: string;
}

/** The node or one below it may be picked. */
const offersPick = (node: OrgNode, pickable: (node: OrgNode) => boolean): boolean => pickable(node) || node.children.some((child) => offersPick(child, pickable));

export interface PeopleOrgRoleSelectorProps {
  /** comma-separated prefixed codes */
  value: string;
  onChange: (value: string, entries: SelectorEntry[]) => void;
  /** the types offered, in tab order (default people, org, role) */
  types?: readonly SelectorType[];
  /** multi-select (default true), for all types or per type (PEOPLECHECKBOX, ORGCHECKBOX, ROLECHECKBOX) */
  multiple?: boolean | Partial<Record<SelectorType, boolean>>;
  /** most entries of each type (0 = no limit) */
  limit?: number;
  /** tags shown before collapsing into a count (-1 = never collapse; at most 10) */
  collapseTags?: number;
  /** CODE prefixes (PEOPLEPREFIX, ORGPREFIX, ROLEPREFIX) */
  prefixes?: Partial<Prefixes>;
  urls?: SelectorUrls;
  /** role type filter of the roles call */
  roleType?: string;
  /** USERTYPE of the people search ('1' administrator, '2' student, '3' teacher; several comma-separated) */
  userType?: string;
  /** fixed extra people-search filters (XQDM, DWDM, ISBM) */
  peopleFilter?: Pick<PeopleSearch, 'XQDM' | 'DWDM' | 'ISBM'>;
  /** which org nodes may be picked (e.g. current classes only); the others stay as headings, branches with none are left out */
  orgPickable?: (node: OrgNode) => boolean;
  placeholder?: string;
  disabled?: boolean;
  /** popover width in px (SPEC: 500; 300 when only orgs are offered) */
  width?: number;
  id?: string;
  'aria-label'?: string;
}

function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error instanceof HttpError && error.kind === 'failure') notify.error(error.msg);
  }, [error]);
}

function findOrg(nodes: readonly OrgNode[] | undefined, id: string): OrgNode | undefined {
  for (const node of nodes ?? []) {
    if (node.id === id) return node;
    const inner = findOrg(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

const expandLabel = (name: string) => t`展开 ${name}`;
const collapseLabel = (name: string) => t`收起 ${name}`;
const removeLabel = (name: string) => t`移除 ${name}`;
const limitMessage = (n: number) => t`您最多可选${n}个`;

const TAB_LABELS: Record<SelectorType, () => string> = {
  people: () => t`人员`,
  org: () => t`组织`,
  role: () => t`角色`,
};

/**
 * The people / org / role selector (SPEC §4 "Selector", §5, §9). Opening activates the first
 * allowed tab with people on page 0; closing clears the search, campus and paging. Ticks follow the
 * selection rules of selection.ts; the limit error is 您最多可选{n}个.
 */
export function PeopleOrgRoleSelector({
  value,
  onChange,
  types = ALL_TYPES,
  multiple = true,
  limit = 0,
  collapseTags = -1,
  prefixes: prefixOverrides,
  urls: urlOverrides,
  roleType = '',
  userType,
  peopleFilter,
  orgPickable,
  placeholder,
  disabled,
  width,
  id,
  ...rest
}: PeopleOrgRoleSelectorProps) {
  const prefixes: Prefixes = { ...SELECTOR_PREFIX, ...prefixOverrides };
  const urls = { ...SELECTOR_URLS, ...urlOverrides };
  const allowed = ALL_TYPES.filter((type) => types.includes(type));
  const panelWidth = width ?? (allowed.length === 1 && allowed[0] === 'org' ? SELECTOR_UI.orgWidth : SELECTOR_UI.width);
  const isMultiple = (type: SelectorType) => (typeof multiple === 'boolean' ? multiple : (multiple[type] ?? true));
  const queryClient = useQueryClient();

  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<SelectorType>(allowed[0] ?? 'people');
  const [page, setPage] = useState(0);
  const [keywordText, setKeywordText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [campus, setCampus] = useState('');
  const [roleGroup, setRoleGroup] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [entries, setEntries] = useState<SelectorEntry[]>([]);
  const emitted = useRef<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  // inside a modal drawer / dialog the panel lives in it (its focus trap keeps working)
  const overlayContainer = useModalContainer(anchor);

  // --- external value → tags (names resolved from the server) ---
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    if (!value) {
      setEntries([]);
      return;
    }
    let cancelled = false;
    const codes = parseSelectionValue(value, prefixes);
    void (async () => {
      const [people, orgs, roles] = await Promise.all([
        codes.people.length ? queryClient.fetchQuery(peopleByIdsQuery(urls.peopleByIds, codes.people)).catch(() => []) : [],
        codes.org.length ? queryClient.fetchQuery(orgsQuery(urls.orgs)).catch(() => []) : [],
        codes.role.length ? queryClient.fetchQuery(rolesQuery(urls.roles, roleType)).catch(() => []) : [],
      ]);
      if (cancelled) return;
      // a server answering null instead of [] must not break the tags
      const roleNames = new Map((roles ?? []).flatMap((group) => (group.CHILD ?? []).map((role) => [role.CODE, role.NAME] as const)));
      const resolved = normalizeSelection([
        ...codes.people.map((bare) => makeEntry('people', bare, (people ?? []).find((person) => person.ID === bare)?.USERNAME ?? bare, prefixes)),
        ...codes.org.map((bare) => makeEntry('org', bare, findOrg(orgs, bare)?.label ?? bare, prefixes)),
        ...codes.role.map((bare) => makeEntry('role', bare, roleNames.get(bare) ?? bare, prefixes)),
      ]);
      setEntries(resolved);
    })();
    return () => {
      cancelled = true;
    };
    // prefixes and urls are plain props re-created each render; the value is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const commit = (next: SelectorEntry[]) => {
    const normalized = normalizeSelection(next);
    setEntries(normalized);
    const text = selectionValue(normalized);
    emitted.current = text;
    onChange(text, normalized);
  };

  const toggle = (entry: SelectorEntry) => {
    if (entries.some((held) => held.CODE === entry.CODE)) {
      commit(removeEntry(entries, entry.CODE));
      return;
    }
    const outcome = chooseEntry(entries, entry, { multiple: isMultiple(entry.TYPE), limit });
    if (outcome.rejected) {
      notify.error(limitMessage(limit));
      return;
    }
    commit(outcome.entries);
    if (!isMultiple(entry.TYPE)) close();
  };

  // --- open / close / tabs ---
  const openPanel = () => {
    setTab(allowed[0] ?? 'people');
    setPage(0);
    setRoleGroup(0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setKeywordText('');
    setKeyword('');
    setCampus('');
    setPage(0);
  };
  const switchTab = (next: SelectorType) => {
    setTab(next);
    if (next === 'role') setRoleGroup(0);
  };

  // --- data ---
  const search: PeopleSearch = { USERTYPE: userType || undefined, KEYWORD: keyword || undefined, XQID: campus || undefined, ...peopleFilter };
  const peopleOpen = open && tab === 'people';
  const campuses = useQuery({ ...campusesQuery(urls.campuses), enabled: peopleOpen });
  const people = useQuery({ ...peopleQuery(urls.people, page, search), enabled: peopleOpen });
  const orgs = useQuery({ ...orgsQuery(urls.orgs), enabled: open && tab === 'org' });
  const roles = useQuery({ ...rolesQuery(urls.roles, roleType), enabled: open && tab === 'role' });
  useErrorToast(campuses.error);
  useErrorToast(people.error);
  useErrorToast(orgs.error);
  useErrorToast(roles.error);

  // a later page that comes back empty (e.g. after deletions) steps back one page
  const rows = people.data?.rows;
  useEffect(() => {
    if (rows && rows.length === 0 && page > 0) setPage((current) => Math.max(0, current - 1));
  }, [rows, page]);

  const loading = open && ((peopleOpen && (people.isFetching || campuses.isFetching)) || (tab === 'org' && orgs.isFetching) || (tab === 'role' && roles.isFetching));
  const chosen = useMemo(() => new Set(entries.map((entry) => entry.CODE)), [entries]);
  const { shown, hidden } = visibleTags(entries, collapseTags);
  const typeMultiple = isMultiple(tab);

  const tick = (code: string, name: string, type: SelectorType) => {
    const entry = makeEntry(type, code, name, prefixes);
    return (
      <chakra.input
        type={typeMultiple ? 'checkbox' : 'radio'}
        width="4"
        height="4"
        flexShrink={0}
        css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
        checked={chosen.has(entry.CODE)}
        aria-label={name}
        onChange={() => toggle(entry)}
        onClick={(event) => event.stopPropagation()}
      />
    );
  };

  const renderOrg = (node: OrgNode, depth: number): ReactNode => {
    const pickable = !orgPickable || orgPickable(node);
    const children = orgPickable ? node.children.filter((child) => offersPick(child, orgPickable)) : node.children;
    const hasChildren = children.length > 0;
    const isOpen = expanded.has(node.id);
    return (
      <Box key={node.id} role="listitem">
        <HStack gap="1" ps={`${depth * 16}px`} minH="9">
          {hasChildren ? (
            <chakra.button
              type="button"
              boxSize="8"
              flexShrink={0}
              aria-expanded={isOpen}
              aria-label={isOpen ? collapseLabel(node.label) : expandLabel(node.label)}
              onClick={() =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (next.has(node.id)) next.delete(node.id);
                  else next.add(node.id);
                  return next;
                })
              }
            >
              {isOpen ? '▾' : '▸'}
            </chakra.button>
          ) : (
            <Box boxSize="8" flexShrink={0} />
          )}
          <chakra.label display="inline-flex" alignItems="center" gap="2" cursor="pointer">
            {pickable && tick(node.id, node.label, 'org')}
            {node.label}
          </chakra.label>
        </HStack>
        {hasChildren && isOpen && <Box role="list">{children.map((child) => renderOrg(child, depth + 1))}</Box>}
      </Box>
    );
  };

  const groups = roles.data ?? [];
  const group = groups[Math.min(roleGroup, Math.max(0, groups.length - 1))];

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) close();
      }}
      // fixed: a scrolling drawer body does not clip the panel
      positioning={{ placement: SELECTOR_UI.placement, strategy: overlayContainer ? 'fixed' : 'absolute' }}
      // the tag area toggles by itself: a press on it is not an "outside" press that closes
      onInteractOutside={(event) => {
        if (anchor.current?.contains(event.target as Node)) event.preventDefault();
      }}
      lazyMount
      unmountOnExit
      autoFocus={false}
    >
      <Popover.Anchor asChild>
        <Flex
          ref={anchor}
          id={id}
          role="combobox"
          aria-label={rest['aria-label']}
          aria-expanded={open}
          aria-haspopup="dialog"
          aria-disabled={disabled || undefined}
          tabIndex={disabled ? -1 : 0}
          minH={SELECTOR_UI.tagAreaHeight}
          py="6px"
          px="2"
          gap="1"
          wrap="wrap"
          align="center"
          width="full"
          borderWidth="1px"
          borderRadius="l2"
          bg={disabled ? 'bg.muted' : 'bg'}
          cursor={disabled ? 'not-allowed' : 'pointer'}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
          onClick={() => {
            if (disabled) return;
            if (open) close();
            else openPanel();
          }}
          onKeyDown={(event) => {
            if (disabled || (event.key !== 'Enter' && event.key !== ' ')) return;
            event.preventDefault();
            if (open) close();
            else openPanel();
          }}
        >
          {entries.length === 0 && (
            <Text color="fg.subtle" fontSize="sm">
              {placeholder ?? t`请选择`}
            </Text>
          )}
          {shown.map((entry) => (
            <Badge key={entry.CODE} colorPalette={entry.CLASS} variant="subtle" size="md" gap="1" data-testid="selector-tag">
              {entry.NAME}
              {!disabled && (
                <CloseButton
                  size="2xs"
                  aria-label={removeLabel(entry.NAME)}
                  onClick={(event) => {
                    event.stopPropagation();
                    commit(removeEntry(entries, entry.CODE));
                  }}
                />
              )}
            </Badge>
          ))}
          {hidden > 0 && (
            <Badge variant="outline" size="md" data-testid="selector-more">
              +{hidden}
            </Badge>
          )}
        </Flex>
      </Popover.Anchor>
      <Portal key={overlayContainer ? 'modal' : 'body'} container={overlayContainer}>
        <Popover.Positioner>
          <Popover.Content width={`${panelWidth}px`} maxW="calc(100vw - 16px)" position="relative" data-testid="selector-panel">
            <Popover.Body p="3">
              {loading && (
                <Flex position="absolute" inset="0" zIndex={SELECTOR_UI.overlayZIndex} align="center" justify="center" bg="bg/60" data-testid="selector-loading">
                  <Spinner />
                </Flex>
              )}
              {allowed.length > 1 && (
                <HStack role="tablist" gap="1" mb="3" borderBottomWidth="1px">
                  {allowed.map((type) => (
                    <Button key={type} role="tab" aria-selected={tab === type} size="sm" variant="ghost" borderRadius="0" borderBottomWidth="2px" borderColor={tab === type ? 'brand.solid' : 'transparent'} onClick={() => switchTab(type)}>
                      {TAB_LABELS[type]()}
                    </Button>
                  ))}
                </HStack>
              )}

              {tab === 'people' && (
                <Stack gap="2">
                  <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
                    <NativeSelect.Root size="sm" width={{ base: 'full', sm: '40' }}>
                      <NativeSelect.Field
                        aria-label={t`校区`}
                        value={campus}
                        onChange={(event) => {
                          setCampus(event.target.value);
                          setPage(0);
                        }}
                      >
                        <option value="">{t`全部校区`}</option>
                        {(campuses.data ?? []).map((option) => (
                          <option key={option.XQID} value={option.XQID}>
                            {option.XQMC}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Input
                      size="sm"
                      flex="1"
                      type="search"
                      enterKeyHint="search"
                      aria-label={t`搜索人员`}
                      placeholder={t`输入姓名或工号后按回车`}
                      value={keywordText}
                      onChange={(event) => setKeywordText(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter') return;
                        event.preventDefault();
                        setKeyword(keywordText.trim());
                        setPage(0);
                      }}
                    />
                  </Flex>
                  <Box height={SELECTOR_UI.tableHeight} overflowY="auto" borderWidth="1px" borderRadius="md" role="list" aria-label={t`人员列表`}>
                    {(people.data?.rows ?? []).map((person) => (
                      <chakra.label key={person.ID} role="listitem" display="flex" alignItems="center" gap="2" px="2" minH="10" borderBottomWidth="1px" cursor="pointer" _hover={{ bg: 'bg.muted' }}>
                        {tick(person.ID, person.USERNAME, 'people')}
                        <Text flex="1" truncate>
                          {person.USERNAME}
                        </Text>
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {person.USERID_SHOW}
                          {person.DWMC ? ` · ${person.DWMC}` : ''}
                        </Text>
                      </chakra.label>
                    ))}
                    {people.data && people.data.rows.length === 0 && (
                      <Text p="3" color="fg.muted" fontSize="sm">
                        <Trans>暂无数据</Trans>
                      </Text>
                    )}
                  </Box>
                  <MiniPager page={page} total={people.data?.total ?? 0} size={SELECTOR_PAGE_SIZE} onChange={setPage} />
                </Stack>
              )}

              {tab === 'org' && (
                <Box height={SELECTOR_UI.treeHeight} overflowY="auto" role="list" aria-label={t`组织`}>
                  {(orgs.data ?? []).filter((node) => !orgPickable || offersPick(node, orgPickable)).map((node) => renderOrg(node, 0))}
                </Box>
              )}

              {tab === 'role' && (
                <Stack gap="2">
                  <HStack gap="1" wrap="wrap" role="tablist" aria-label={t`角色分类`}>
                    {groups.map((item, index) => (
                      <Button key={item.CODE} size="xs" role="tab" aria-selected={item === group} variant={item === group ? 'solid' : 'outline'} colorPalette="brand" onClick={() => setRoleGroup(index)}>
                        {item.NAME}
                      </Button>
                    ))}
                  </HStack>
                  <Box height={SELECTOR_UI.treeHeight} overflowY="auto" role="list" aria-label={t`角色列表`}>
                    {(group?.CHILD ?? []).map((role) => (
                      <chakra.label key={role.CODE} role="listitem" display="flex" alignItems="center" gap="2" px="2" minH="10" cursor="pointer" _hover={{ bg: 'bg.muted' }}>
                        {tick(role.CODE, role.NAME, 'role')}
                        {role.NAME}
                      </chakra.label>
                    ))}
                  </Box>
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
