import { Box, Button, CloseButton, Dialog, Drawer, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

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
  /**
   * The form holds unsaved changes: closing (Esc, the close button, 取消) asks 放弃未保存的修改？ first.
   * Without it closing never asks.
   */
  dirty?: boolean;
  /** why the last save failed (e.g. the server's refusal): shown at the top of the body, in view after a failed save */
  error?: ReactNode;
}

const INVALID = '[aria-invalid="true"], [data-scope="field"][data-part="root"][data-invalid]';
const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

/** Brings the first problem inside `root` (a field marked invalid, else an alert) into view and focuses it. */
function revealProblem(root: HTMLElement | null, alerts = true) {
  // after the caller has re-rendered its messages
  requestAnimationFrame(() => {
    const found = root?.querySelector<HTMLElement>(alerts ? `${INVALID}, [role="alert"]` : INVALID);
    if (!found) return;
    const target = found.matches(FOCUSABLE) ? found : (found.querySelector<HTMLElement>(FOCUSABLE) ?? found);
    if (!target.matches(FOCUSABLE)) target.setAttribute('tabindex', '-1');
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  });
}

/**
 * A form in a drawer or a dialog with save and cancel. The body is never unmounted while the shell
 * lives, so a failed save loses nothing typed; after a failed save the first problem (a field marked
 * invalid, or the error) is scrolled into view and focused; with `dirty`, closing asks first. A selector
 * inside portals its panel into the shell (selector/modal-container.ts), within its focus trap.
 */
export function FormShell({ open, title, variant = 'drawer', children, onCancel, onSave, formId, saving, saveLabel, size = 'md', dirty, error }: FormShellProps) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const bodyRef = useRef<HTMLDivElement>(null);
  const save = async () => {
    if (!onSave) return;
    setBusy(true);
    try {
      await onSave();
    } catch {
      // the caller showed why; the typed input stays, the first problem comes into view
      revealProblem(bodyRef.current);
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    if (dirty) setAsking(true);
    else onCancel();
  };
  const footer = (
    <>
      <Button variant="outline" onClick={close} minW="20">
        <Trans>取消</Trans>
      </Button>
      <Button
        colorPalette="brand"
        minW="20"
        loading={saving || busy}
        type={formId ? 'submit' : 'button'}
        form={formId}
        // a submitted form marks its invalid fields when it refuses: bring the first into view
        onClick={formId ? () => revealProblem(bodyRef.current, false) : () => void save()}
      >
        {saveLabel ?? <Trans>保存</Trans>}
      </Button>
    </>
  );
  const onOpenChange = (details: { open: boolean }) => {
    if (!details.open) close();
  };
  const body = (
    <>
      {error ? (
        <Box role="alert" color="fg.error" bg="bg.error" borderRadius="l2" px="3" py="2" mb="3" fontSize="sm" data-testid="form-shell-error">
          {error}
        </Box>
      ) : null}
      {children}
    </>
  );
  const confirm = (
    <ConfirmDialog
      open={asking}
      title={<Trans>放弃未保存的修改？</Trans>}
      confirmLabel={<Trans>放弃修改</Trans>}
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        onCancel();
      }}
    >
      <Trans>表单中有尚未保存的修改，关闭后将丢失。</Trans>
    </ConfirmDialog>
  );

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
              <Dialog.Body ref={bodyRef}>{body}</Dialog.Body>
              <Dialog.Footer>{footer}</Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
        {confirm}
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
            <Drawer.Body ref={bodyRef}>{body}</Drawer.Body>
            <Drawer.Footer>{footer}</Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
      {confirm}
    </Drawer.Root>
  );
}
