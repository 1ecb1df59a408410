import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

export interface DormDialogProps {
  title: ReactNode;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** The board's dialogs: centred, full screen on phones, scrolling inside. */
export function DormDialog({
  title,
  testId,
  onClose,
  children,
  footer,
}: DormDialogProps) {
  const { t } = useLingui();
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
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
