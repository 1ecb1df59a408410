import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface BlockingDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  actionLabel: ReactNode;
  onAction: () => void;
  testId?: string;
}

/**
 * A modal the user cannot dismiss (no close button, Escape and outside clicks ignored):
 * one action button is the only way out.
 */
export function BlockingDialog({ open, title, children, actionLabel, onAction, testId }: BlockingDialogProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onAction}>
                {actionLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
