import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../app/guards';
import { FixedRoutePlaceholder } from '../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['messageCenter_xxzx']; its screen is not built yet. */
export const Route = createFileRoute('/_app/messageCenter/xxzx')({
  beforeLoad: requirePerms('messageCenter_xxzx'),
  component: FixedRoutePlaceholder,
});
