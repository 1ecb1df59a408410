import { chakra } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { Tooltip } from '../Tooltip';

/**
 * A cell's text on one line, cut with an ellipsis at `maxWidth`; when it is cut, hovering shows the whole
 * text in a tooltip. The tooltip is mounted only then (hundreds of cells stay plain spans); the text stays
 * whole in the document for screen readers.
 */
export function TruncatedText({ children, maxWidth }: { children: ReactNode; maxWidth: string | number }) {
  const [whole, setWhole] = useState<string | null>(null);
  const text = (
    <chakra.span
      display="block"
      maxW={maxWidth}
      overflow="hidden"
      textOverflow="ellipsis"
      whiteSpace="nowrap"
      data-truncated=""
      onPointerEnter={(event) => {
        const element = event.currentTarget;
        setWhole(element.scrollWidth > element.clientWidth ? (element.textContent ?? '') : null);
      }}
    >
      {children}
    </chakra.span>
  );
  return whole ? (
    <Tooltip content={whole} placement="top">
      {text}
    </Tooltip>
  ) : (
    text
  );
}
