import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../../app/guards';
import { FixedRoutePlaceholder } from '../../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['cpgl_cppjhz_index']; its screen is not built yet. */
export const Route = createFileRoute('/_app/cpgl/cppjhz/pjjl')({
  beforeLoad: requirePerms('cpgl_cppjhz_index'),
  component: FixedRoutePlaceholder,
});
