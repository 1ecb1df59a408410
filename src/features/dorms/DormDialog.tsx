import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

/** A dialog's confirming button, beside 取消. */
export interface DormDialogConfirm {
  label: ReactNode;
  onClick: () => void;
  busy: boolean;
  disabled?: boolean;
  /** red: the change ends something (退宿) */
  danger?: boolean;
  testId: string;
}

export interface DormDialogProps {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  /** the footer: 取消 and this button */
  confirm?: DormDialogConfirm;
  /** a footer of the dialog's own (instead of confirm) */
  footer?: ReactNode;
}

/** The board's dialogs: centred, full screen on phones, scrolling inside. */
export function DormDialog({
  title,
  testId,
  onClose,
  children,
  confirm,
  footer,
}: DormDialogProps) {
  const { t } = useLingui();
  const actions = confirm ? (
    <>
      <Button variant="outline" minH="11" onClick={onClose}>
        <Trans>取消</Trans>
      </Button>
      <Button
        colorPalette={confirm.danger ? "red" : "brand"}
        minH="11"
        loading={confirm.busy}
        disabled={confirm.disabled}
        onClick={confirm.onClick}
        data-testid={confirm.testId}
      >
        {confirm.label}
      </Button>
    </>
  ) : (
    footer
  );
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size={{ base: "full", md: "md" }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header pe="12">
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {actions && <Dialog.Footer>{actions}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
