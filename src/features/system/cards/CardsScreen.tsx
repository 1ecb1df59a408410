/**
 * 首页卡片 /system/sykp (system_home_card; saving system_home_card_edit): per role, which home-page
 * cards its users see and in what order. Pick a role (自定义 / 默认 badge), tick the cards, drag them
 * into order (@dnd-kit: pointer, touch, or Space and the arrow keys; ↑ ↓ buttons too), see a small
 * preview, save, or go back to the default (every card the user may see, built-in order). A user with
 * several roles gets the layout of the first role (by sort) that has one.
 */
import { Badge, Box, Button, chakra, Flex, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { HOME_CARDS, HOME_CARDS_EDIT_PERMISSION, type HomeCardRoleRow } from '../../../../contracts/home-cards';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { usePermitted } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { notify } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { homeCardRolesQuery, resetLayout, saveLayout } from './api';
import { useCardsCatalog } from './catalog';
import { type EditorCard, editorCards, layoutOf, moveCard } from './layout';
import type { CardSearchParams } from './search';
import { localName, localText } from '../../../lib/locale';

export interface CardsScreenProps {
  search: CardSearchParams;
  onSearchChange: (next: CardSearchParams) => void;
}

export function CardsScreen(props: CardsScreenProps) {
  return useCardsCatalog() ? <CardsScreenBody {...props} /> : null;
}

const HandleIcon = () => (
  <chakra.svg viewBox="0 0 24 24" width="5" height="5" fill="currentColor" aria-hidden>
    {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
  </chakra.svg>
);

function useCardName() {
  const { i18n } = useLingui();
  return (id: string) => {
    const card = HOME_CARDS.find((item) => item.id === id);
    return card ? localText(card, i18n.locale) : id;
  };
}

function CardsScreenBody({ search, onSearchChange }: CardsScreenProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const roles = useQuery(homeCardRolesQuery);
  const list = roles.data ?? [];
  const current = list.find((role) => role.roleId === search.role) ?? list[0];
  const roleName = (role: HomeCardRoleRow) => localName(role.name, role.nameEn, i18n.locale);
  // unsaved order / ticks: choosing another role asks first (the editor is keyed by role)
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const choose = (roleId: string) => {
    if (roleId === current?.roleId) return;
    if (dirty) setLeaving(roleId);
    else onSearchChange({ role: roleId });
  };

  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>首页卡片</Trans>
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        <Trans>为每个角色选择首页显示的卡片及其顺序。用户有多个角色时，使用排序最靠前且已自定义的角色的设置；用户看不到无权限的卡片。</Trans>
      </Text>
      {roles.isError ? (
        <RequestError error={roles.error} />
      ) : (
        <Flex gap="4" direction={{ base: 'column', md: 'row' }} align="start">
          <Stack as="nav" aria-label={t`角色`} gap="1" width={{ base: 'full', md: '64' }} flexShrink={0} borderWidth="1px" borderRadius="l2" p="2" data-testid="card-roles">
            {list.map((role) => {
              const active = role.roleId === current?.roleId;
              return (
                <Button
                  key={role.roleId}
                  variant={active ? 'subtle' : 'ghost'}
                  colorPalette={active ? 'brand' : undefined}
                  justifyContent="space-between"
                  minH="11"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => choose(role.roleId)}
                  data-testid="card-role"
                  data-code={role.code}
                >
                  <Text truncate>{roleName(role)}</Text>
                  <HStack gap="1" flexShrink={0}>
                    {active && dirty && (
                      <Badge colorPalette="orange" variant="subtle" data-testid="card-role-unsaved">
                        <Trans>未保存</Trans>
                      </Badge>
                    )}
                    <Badge colorPalette={role.cards ? 'brand' : 'gray'} variant="outline" data-testid="card-role-badge">
                      {role.cards ? t`自定义` : t`默认`}
                    </Badge>
                  </HStack>
                </Button>
              );
            })}
          </Stack>
          {current && (
            <LayoutEditor
              key={`${current.roleId}:${current.version}`}
              role={current}
              title={roleName(current)}
              onDirtyChange={setDirty}
              onChanged={() => queryClient.invalidateQueries({ queryKey: homeCardRolesQuery.queryKey })}
            />
          )}
        </Flex>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={<Trans>放弃未保存的修改？</Trans>}
        confirmLabel={t`放弃修改`}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          const next = leaving;
          setLeaving(null);
          setDirty(false);
          if (next) onSearchChange({ role: next });
        }}
      >
        <Trans>当前角色的卡片顺序或勾选尚未保存，切换角色将丢失这些修改。</Trans>
      </ConfirmDialog>
    </Stack>
  );
}

function LayoutEditor({ role, title, onChanged, onDirtyChange }: { role: HomeCardRoleRow; title: string; onChanged: () => Promise<unknown>; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useLingui();
  const cardName = useCardName();
  const mayEdit = usePermitted({ anyOf: [HOME_CARDS_EDIT_PERMISSION] });
  const [cards, setCards] = useState<EditorCard[]>(() => editorCards(role.cards));
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  useEffect(() => setCards(editorCards(role.cards)), [role.cards]);
  const ids = useMemo(() => cards.map((card) => card.id), [cards]);
  const shown = layoutOf(cards);
  const dirty = shown.join() !== layoutOf(editorCards(role.cards)).join();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: unknown) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t`已拿起${cardName(String(active.id))}`,
    onDragOver: ({ over }) => {
      const n = positionOf(over?.id);
      return over ? t`移到第${n}个位置` : undefined;
    },
    onDragEnd: ({ over }) => {
      const n = positionOf(over?.id);
      return over ? t`已放到第${n}个位置` : t`已放下，顺序未变`;
    },
    onDragCancel: () => t`已取消拖动`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setCards((list) => moveCard(list, list.findIndex((card) => card.id === active.id), list.findIndex((card) => card.id === over.id)));
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify.success(done);
    } catch (error) {
      reportFailure(error, 'error');
    } finally {
      setBusy(false);
      await onChanged();
    }
  };

  return (
    <Stack gap="4" flex="1" minW="0" width="full" data-testid="card-editor">
      <HStack gap="2" wrap="wrap">
        <Heading as="h2" size="md" flex="1">
          {title}
        </Heading>
        {mayEdit && (
          <>
            <Button variant="outline" minH="11" disabled={busy || role.cards === null} onClick={() => setConfirmReset(true)} data-testid="card-reset">
              <Trans>恢复默认</Trans>
            </Button>
            <Button colorPalette="brand" minH="11" loading={busy} onClick={() => void run(() => saveLayout(role.roleId, shown, role.version), t`保存成功`)} data-testid="card-save">
              <Trans>保存</Trans>
            </Button>
          </>
        )}
      </HStack>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: t`按空格键拿起卡片，用上下方向键移动，再按空格键放下，按 Esc 取消。` }, announcements }}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack gap="2" data-testid="card-list">
            {cards.map((card, index) => (
              <CardLine
                key={card.id}
                card={card}
                name={cardName(card.id)}
                index={index}
                last={index === cards.length - 1}
                readOnly={!mayEdit}
                onToggle={(on) => setCards((list) => list.map((item) => (item.id === card.id ? { ...item, shown: on } : item)))}
                onMove={(delta) => setCards((list) => moveCard(list, index, index + delta))}
              />
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Box>
        <Text fontSize="sm" fontWeight="medium" mb="2">
          <Trans>预览</Trans>
        </Text>
        {shown.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="card-preview-empty">
            <Trans>首页不显示任何卡片</Trans>
          </Text>
        ) : (
          <SimpleGrid columns={3} gap="2" maxW="lg" data-testid="card-preview">
            {shown.map((id, index) => (
              <Box key={id} gridColumn={id === 'welcome' ? '1 / -1' : undefined} borderWidth="1px" borderRadius="l1" bg="bg.muted" px="2" py="3" fontSize="xs" textAlign="center" data-testid="card-preview-item">
                {index + 1}. {cardName(id)}
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Box>
      <ConfirmDialog
        open={confirmReset}
        busy={busy}
        title={<Trans>恢复默认</Trans>}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          void run(() => resetLayout(role.roleId), t`已恢复默认`);
        }}
      >
        <Trans>恢复后，该角色的用户将看到全部有权限的卡片（默认顺序）。是否继续？</Trans>
      </ConfirmDialog>
    </Stack>
  );
}

function CardLine({ card, name, index, last, readOnly, onToggle, onMove }: { card: EditorCard; name: string; index: number; last: boolean; readOnly: boolean; onToggle: (on: boolean) => void; onMove: (delta: number) => void }) {
  const { t } = useLingui();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: readOnly });
  const checkboxId = `home-card-${card.id}`;
  return (
    <HStack
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      position="relative"
      zIndex={isDragging ? 2 : undefined}
      boxShadow={isDragging ? 'md' : undefined}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      px="2"
      minH="12"
      gap="2"
      opacity={card.shown ? 1 : 0.6}
      data-testid="card-line"
      data-id={card.id}
    >
      {!readOnly && (
        <chakra.button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t`拖动排序：${name}`}
          cursor="grab"
          touchAction="none"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          minW="9"
          minH="9"
          borderRadius="l1"
          color="fg.muted"
          _hover={{ bg: 'bg.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid' }}
          data-testid="card-handle"
        >
          <HandleIcon />
        </chakra.button>
      )}
      <chakra.input type="checkbox" id={checkboxId} checked={card.shown} disabled={readOnly} onChange={(event) => onToggle(event.target.checked)} width="5" height="5" accentColor="var(--chakra-colors-brand-solid)" data-testid="card-shown" />
      <chakra.label htmlFor={checkboxId} flex="1" py="3" cursor={readOnly ? undefined : 'pointer'}>
        {name}
      </chakra.label>
      {!readOnly && (
        <HStack gap="0">
          <IconButton size="sm" variant="ghost" aria-label={t`上移${name}`} disabled={index === 0} onClick={() => onMove(-1)} data-testid="card-up">
            <chakra.span aria-hidden>↑</chakra.span>
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={t`下移${name}`} disabled={last} onClick={() => onMove(1)} data-testid="card-down">
            <chakra.span aria-hidden>↓</chakra.span>
          </IconButton>
        </HStack>
      )}
    </HStack>
  );
}
