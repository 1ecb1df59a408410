import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { messageListQuery, messageTypesQuery } from '../../../features/messages/api';
import { MessageCenterScreen } from '../../../features/messages/MessageCenterScreen';
import { listRequestOf, messageCenterSearch, type MessageCenterSearch } from '../../../features/messages/search';

/** SPEC §2 fixed route, permission any-of ['messageCenter_xxzx']: the message centre. */
export const Route = createFileRoute('/_app/messageCenter/xxzx')({
  beforeLoad: requirePerms('messageCenter_xxzx'),
  validateSearch: messageCenterSearch,
  // the list depends on the filters and the page, not on which message is open
  loaderDeps: ({ search }) => listRequestOf(search),
  // prefetch never throws: a failing list shows its message on the screen, not an error page
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.prefetchQuery(messageListQuery(deps)), context.queryClient.prefetchQuery(messageTypesQuery())]),
  component: MessageCenterRoute,
});

function MessageCenterRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: MessageCenterSearch, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace }),
    [navigate],
  );
  return <MessageCenterScreen search={search} onSearchChange={onSearchChange} />;
}
