import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import { showDocumentTitle } from './config';

/**
 * Titles the page after a screen ("用户管理 - 校务" / "Users - Xiaowu"; the screen's name already in
 * the reader's language) and follows a language switch.
 */
export function useDocumentTitle(screen: string): void {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  useEffect(() => showDocumentTitle(screen), [screen, locale]);
}
