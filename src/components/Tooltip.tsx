import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

export interface TooltipProps {
  content: ReactNode;
  /** one focusable element (a button or link); it keeps its own accessible name */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'right-start' | 'bottom-end';
  disabled?: boolean;
  /**
   * The trigger's id when the same element also triggers something else (a dropdown menu): both
   * must be given the same id, or they fight over the element's id.
   */
  triggerId?: string;
}

/** A short label shown on hover and keyboard focus. Needs the tooltip recipe (registered by the shell). */
export function Tooltip({ content, children, placement = 'bottom', disabled, triggerId }: TooltipProps) {
  if (disabled) return children;
  return (
    <ChakraTooltip.Root positioning={{ placement }} openDelay={300} closeDelay={100} ids={triggerId ? { trigger: triggerId } : undefined}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
