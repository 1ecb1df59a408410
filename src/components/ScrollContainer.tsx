import { Box, type BoxProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

export interface ScrollContainerProps extends BoxProps {
  /** scroll horizontally too (wide tables on phones) */
  horizontal?: boolean;
}

/** A scrolling area that keeps scroll inside itself (no page bounce on touch) with thin scrollbars. */
export const ScrollContainer = forwardRef<HTMLDivElement, ScrollContainerProps>(function ScrollContainer({ horizontal, children, ...rest }, ref) {
  return (
    <Box
      ref={ref}
      overflowY="auto"
      overflowX={horizontal ? 'auto' : 'hidden'}
      overscrollBehavior="contain"
      css={{ scrollbarWidth: 'thin', WebkitOverflowScrolling: 'touch' }}
      tabIndex={0}
      {...rest}
    >
      {children}
    </Box>
  );
});
