import { Box, type BoxProps } from '@chakra-ui/react';

export interface HtmlContentProps extends Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'> {
  /** HTML the server has sanitised (allow-list: formatting, lists, tables, links, images) */
  html: string;
}

/**
 * Rich text as the server sent it. Only for HTML the server sanitised (e.g. message content):
 * nothing here cleans it again.
 */
export function HtmlContent({ html, ...props }: HtmlContentProps) {
  return (
    <Box
      lineHeight="tall"
      wordBreak="break-word"
      css={{
        '& p': { marginBottom: '2' },
        '& h1, & h2, & h3, & h4': { fontWeight: 'semibold', marginBlock: '2' },
        '& ul, & ol': { paddingInlineStart: '6', marginBottom: '2' },
        '& ul': { listStyleType: 'disc' },
        '& ol': { listStyleType: 'decimal' },
        '& a': { color: 'brand.fg', textDecoration: 'underline' },
        '& img': { maxWidth: '100%', height: 'auto' },
        '& table': { borderCollapse: 'collapse', marginBottom: '2', display: 'block', overflowX: 'auto' },
        '& th, & td': { borderWidth: '1px', paddingInline: '2', paddingBlock: '1' },
        '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
      }}
      {...props}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
