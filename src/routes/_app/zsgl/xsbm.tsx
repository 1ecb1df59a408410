import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../app/guards';
import { FixedRoutePlaceholder } from '../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['zsgl']; its screen is not built yet. */
export const Route = createFileRoute('/_app/zsgl/xsbm')({
  beforeLoad: requirePerms('zsgl'),
  component: FixedRoutePlaceholder,
});
