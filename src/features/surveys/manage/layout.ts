/** The search fields start open on a wide screen (≥ md), folded on a phone. */
export const wide = (): boolean => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48em)').matches;
