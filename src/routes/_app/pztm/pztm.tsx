import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../app/guards';
import { FixedRoutePlaceholder } from '../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['jzwj_wjsz']; its screen is not built yet. */
export const Route = createFileRoute('/_app/pztm/pztm')({
  beforeLoad: requirePerms('jzwj_wjsz'),
  component: FixedRoutePlaceholder,
});
