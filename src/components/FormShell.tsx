import { Button, CloseButton, Dialog, Drawer, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';

export interface FormShellProps {
  open: boolean;
  title: ReactNode;
  /** 'drawer' slides in from the side, 'dialog' is centred (SPEC §2 "drawer or dialog form") */
  variant?: 'drawer' | 'dialog';
  children: ReactNode;
  onCancel: () => void;
  /**
   * Called by the save button. The shell stays open with everything typed in place while it runs and
   * when it fails (rejects); the caller closes it on success.
   */
  onSave?: () => unknown;
  /** instead of onSave: the save button submits this form (e.g. a SchemaForm's id) */
  formId?: string;
  saving?: boolean;
  saveLabel?: ReactNode;
  /** drawer width or dialog size */
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * A form in a drawer or a dialog with save and cancel. The body is never unmounted while the shell
 * lives, so closing by mistake or a failed save loses nothing typed.
 */
export function FormShell({ open, title, variant = 'drawer', children, onCancel, onSave, formId, saving, saveLabel, size = 'md' }: FormShellProps) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!onSave) return;
    setBusy(true);
    try {
      await onSave();
    } catch {
      // the caller showed why; the typed input stays
    } finally {
      setBusy(false);
    }
  };
  const footer = (
    <>
      <Button variant="outline" onClick={onCancel} minW="20">
        <Trans>取消</Trans>
      </Button>
      <Button
        colorPalette="brand"
        minW="20"
        loading={saving || busy}
        type={formId ? 'submit' : 'button'}
        form={formId}
        onClick={formId ? undefined : () => void save()}
      >
        {saveLabel ?? <Trans>保存</Trans>}
      </Button>
    </>
  );
  const onOpenChange = (details: { open: boolean }) => {
    if (!details.open) onCancel();
  };

  if (variant === 'dialog') {
    return (
      <Dialog.Root open={open} onOpenChange={onOpenChange} size={{ base: 'full', sm: size }} placement="center" scrollBehavior="inside" closeOnInteractOutside={false}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  }
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange} size={{ base: 'full', sm: size }} placement="end" closeOnInteractOutside={false}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer>{footer}</Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
