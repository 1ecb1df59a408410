import type { ComponentType } from 'react';
import type { Requirement } from '../../lib/permissions';

/**
 * What other features contribute to the home page. Features never import each other, so a feature
 * exports its card (or its count) and app/dashboard-cards.ts lists it; the home page shows only
 * the entries whose requirement the user meets.
 */
export interface DashboardCard {
  id: string;
  /** permissions or roles the user needs to see the card (none: everyone) */
  requirement?: Requirement;
  /** a self-contained card (Chakra Card.Root at the top); it loads its own data */
  Component: ComponentType;
}

/** One line of the "waiting for you" card: how many items wait in an area, and where to handle them. */
export interface PendingCount {
  id: string;
  requirement?: Requirement;
  /** read at render time, so it follows the language */
  title: () => string;
  /** where the person handles them (a route of the app) */
  to: string;
  /** how many are waiting; the home page asks on every visit and keeps no copy (never cached) */
  count: (signal: AbortSignal) => Promise<number>;
}
