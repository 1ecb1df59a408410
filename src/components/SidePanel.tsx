import { Box, CloseButton, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  /** width on wide screens (full width below sm) */
  width?: string;
  side?: 'start' | 'end';
}

/**
 * A panel that slides in over its positioned parent (not modal: the page behind stays usable).
 * It stays mounted while closed so its content keeps its state.
 */
export function SidePanel({ open, onClose, title, children, width = '420px', side = 'end' }: SidePanelProps) {
  const hidden = side === 'end' ? 'translateX(100%)' : 'translateX(-100%)';
  return (
    <Box
      role="complementary"
      aria-hidden={!open}
      inert={!open}
      position="absolute"
      top="0"
      bottom="0"
      {...(side === 'end' ? { right: '0' } : { left: '0' })}
      width={{ base: 'full', sm: width }}
      maxW="full"
      bg="bg.panel"
      boxShadow="lg"
      zIndex="docked"
      transform={open ? 'translateX(0)' : hidden}
      visibility={open ? 'visible' : 'hidden'}
      transition="transform 0.25s ease, visibility 0.25s"
      display="flex"
      flexDirection="column"
    >
      <Flex align="center" justify="space-between" gap="2" px="4" py="2" borderBottomWidth="1px">
        <Heading size="sm">{title}</Heading>
        <CloseButton size="sm" onClick={onClose} />
      </Flex>
      <Box flex="1" overflowY="auto" p="4">
        {children}
      </Box>
    </Box>
  );
}
