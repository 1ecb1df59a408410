import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { localName } from './locale';

/** A record's two names as APIs send them: `nameEn` '' when it has none. */
export interface LocalNames {
  name: string;
  nameEn: string;
}

/**
 * Names of data with an English name (semesters, school years, grades, classes, score bands,
 * dictionary entries) in the reader's language: the English one in English when there is one, else
 * the Chinese one. APIs send both names, so a persisted (offline) answer follows a language switch.
 * The hook re-renders its screen when the language changes; the function changes only then (a memo
 * dependency).
 */
export function useLocalName(): (name: string, nameEn: string | null | undefined) => string {
  const { i18n: current } = useLingui();
  const locale = current.locale;
  return useCallback((name, nameEn) => localName(name, nameEn, locale), [locale]);
}

/** The same pick outside a component (outbox lines, as `t` from @lingui/core/macro): the active language now. */
export const currentLocalName = (names: LocalNames): string => localName(names.name, names.nameEn, i18n.locale);
