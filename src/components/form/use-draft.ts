import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * A form's values as typed, and whether they differ from where it started: FormShell's `dirty`,
 * so closing a changed form asks first (nothing typed is lost by a stray tap). `patch` merges fields.
 */
export function useDraft<Draft extends object>(initial: () => Draft): {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  patch: (next: Partial<Draft>) => void;
  dirty: boolean;
} {
  const [start] = useState(initial);
  const [draft, setDraft] = useState(start);
  return {
    draft,
    setDraft,
    patch: (next) => setDraft((current) => ({ ...current, ...next })),
    dirty: draft !== start && JSON.stringify(draft) !== JSON.stringify(start),
  };
}
