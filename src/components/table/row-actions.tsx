import { Button, HStack, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '../icons';

/**
 * One thing a row's person can do (编辑, 重置密码, 删除): declared once by the screen, shown as a button
 * in the table's pinned action column and, on phones, as the card's button or an item of its 更多 menu.
 * The screen's `onClick` asks first where it asked before (a delete still confirms).
 */
export interface RowAction {
  /** unique within the row; default: the test id, else the position */
  key?: string;
  label: ReactNode;
  onClick: () => void;
  /** destructive or hard to undo (删除, 初始化, 重置密码): red, apart at the bottom of the 更多 menu */
  danger?: boolean;
  /** the card's own button (default: the first action that is not dangerous) */
  primary?: boolean;
  /** left out for this row (no permission, not applicable) */
  hidden?: boolean;
  disabled?: boolean;
  /** the accessible name when the label alone is ambiguous among many rows (编辑：七年级) */
  ariaLabel?: string;
  /** a hint on hover (why it is disabled) */
  title?: string;
  testId?: string;
}

const keyOf = (action: RowAction, index: number) => action.key ?? action.testId ?? String(index);

/** The actions to show: hidden ones left out, in the declared order. */
export const shownActions = (actions: readonly RowAction[]) => actions.filter((action) => !action.hidden);

/** The card's button and what goes under 更多: the safe ones first, the dangerous ones apart at the bottom. */
export function splitActions(actions: readonly RowAction[]): {
  primary?: RowAction;
  safe: RowAction[];
  danger: RowAction[];
} {
  const shown = shownActions(actions);
  const primary = shown.find((action) => action.primary) ?? shown.find((action) => !action.danger);
  return { primary, ...dangerApart(shown.filter((action) => action !== primary)) };
}

/** The shown actions, the safe ones and the dangerous ones apart. */
function dangerApart(actions: readonly RowAction[]) {
  const shown = shownActions(actions);
  return { safe: shown.filter((action) => !action.danger), danger: shown.filter((action) => action.danger) };
}

/** What a button and a menu item take alike from an action. */
const actionProps = (action: RowAction) => ({
  disabled: action.disabled,
  'aria-label': action.ariaLabel,
  title: action.title,
  onClick: action.onClick,
  'data-testid': action.testId,
});

/** An action as an outlined button (red when dangerous unless the caller colours it). */
function ActionButton({ action, ...button }: { action: RowAction } & ButtonProps) {
  return (
    <Button variant="outline" colorPalette={action.danger ? 'red' : undefined} {...actionProps(action)} {...button}>
      {action.label}
    </Button>
  );
}

/** The table's action cell: every shown action as a small button on one line. */
export function InlineActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <HStack gap="1" wrap="nowrap">
      {shownActions(actions).map((action, index) => (
        <ActionButton key={keyOf(action, index)} action={action} size="xs" />
      ))}
    </HStack>
  );
}

/** A card's actions: its primary button, the others under 更多 (the dangerous ones last, set apart). */
export function CardActions({ actions }: { actions: readonly RowAction[] }) {
  const { primary, safe, danger } = splitActions(actions);
  if (!primary && safe.length === 0 && danger.length === 0) return null;
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      {primary && (
        <ActionButton action={primary} size="sm" minH="11" colorPalette={primary.danger ? 'red' : 'brand'} />
      )}
      {safe.length + danger.length > 0 && <MoreActions actions={[...safe, ...danger]} />}
    </HStack>
  );
}

/**
 * 更多 and its menu: the safe actions, then the dangerous ones apart at the bottom in red (a card's rest,
 * or every action of a row where a single button fits, as a tree's rows on phones).
 */
export function MoreActions({ actions, label }: { actions: readonly RowAction[]; /** the button's accessible name (更多：七年级) */ label?: string }) {
  const { safe, danger } = dangerApart(actions);
  if (safe.length + danger.length === 0) return null;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" minH="11" variant="ghost" aria-label={label} data-testid="row-more">
          <Trans>更多</Trans>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {safe.map((action, index) => (
              <Menu.Item key={keyOf(action, index)} value={keyOf(action, index)} minH="11" {...actionProps(action)}>
                {action.label}
              </Menu.Item>
            ))}
            {safe.length > 0 && danger.length > 0 && <Menu.Separator />}
            {danger.map((action, index) => (
              <Menu.Item
                key={keyOf(action, index)}
                value={`danger-${keyOf(action, index)}`}
                minH="11"
                color="fg.error"
                _highlighted={{ bg: 'bg.error', color: 'fg.error' }}
                {...actionProps(action)}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
