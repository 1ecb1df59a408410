import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface CenteredMessageProps {
  heading: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** fill the viewport (pages outside the shell) or only the content area */
  fullPage?: boolean;
  testId?: string;
}

/** A heading, some text and actions, centred: empty states, 404, placeholders. */
export function CenteredMessage({ heading, children, actions, fullPage, testId }: CenteredMessageProps) {
  return (
    <Box
      // outside the shell (404, 忘记密码) the message is the page's main landmark; inside, the shell's <main> holds it
      as={fullPage ? 'main' : undefined}
      minH={fullPage ? '100dvh' : '60vh'}
      display="flex"
      alignItems="center"
      justifyContent="center"
      px="4"
      py="10"
      data-testid={testId}
    >
      <Stack gap="4" maxW="lg" textAlign="center" align="center">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.fg">
          {heading}
        </Heading>
        {children && (
          <Text color="fg.muted" fontSize="md">
            {children}
          </Text>
        )}
        {actions}
      </Stack>
    </Box>
  );
}
