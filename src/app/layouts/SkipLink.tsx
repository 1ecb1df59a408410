import { chakra } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** The id of the shell's main element: the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 跳到主要内容: the first Tab stop of every signed-in screen, hidden until focused; it moves the focus
 * to the main content (past the sidebar's and the top bar's stops). The focus is moved by hand: a
 * hash in the address would reach the router.
 */
export function SkipLink() {
  return (
    <chakra.a
      href={`#${MAIN_CONTENT_ID}`}
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2.5"
      borderRadius="l2"
      bg="bg.panel"
      color="fg"
      fontWeight="semibold"
      boxShadow="lg"
      outline="2px solid"
      outlineColor="colorPalette.focusRing"
      colorPalette="brand"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      <Trans>跳到主要内容</Trans>
    </chakra.a>
  );
}
