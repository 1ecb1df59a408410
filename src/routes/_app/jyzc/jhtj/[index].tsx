import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../../app/guards';
import { FixedRoutePlaceholder } from '../../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['jyzc']; its screen is not built yet. */
export const Route = createFileRoute('/_app/jyzc/jhtj/index')({
  beforeLoad: requirePerms('jyzc'),
  component: FixedRoutePlaceholder,
});
