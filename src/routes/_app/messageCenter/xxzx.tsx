import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { MessageCenterScreen } from '../../../features/messages/MessageCenterScreen';
import { listRequestOf, messageCenterSearch, type MessageCenterSearch } from '../../../features/messages/search';

/**
 * The feature's api module loads with the first visit, not with the entry chunk (route loaders stay
 * in it); once loaded, the loader starts its fetches synchronously, as a static import would.
 */
type MessagesApi = typeof import('../../../features/messages/api');
let messagesApi: MessagesApi | undefined;
const loadMessagesApi = async () => (messagesApi ??= await import('../../../features/messages/api'));

/** SPEC §2 fixed route, permission any-of ['messageCenter_xxzx']: the message centre. */
export const Route = createFileRoute('/_app/messageCenter/xxzx')({
  beforeLoad: requirePerms('messageCenter_xxzx'),
  validateSearch: messageCenterSearch,
  // the list depends on the filters and the page, not on which message is open
  loaderDeps: ({ search }) => listRequestOf(search),
  // prefetch never throws: a failing list shows its message on the screen, not an error page
  loader: ({ context, deps }) => {
    const prefetch = ({ messageListQuery, messageTypesQuery }: MessagesApi) =>
      Promise.all([context.queryClient.prefetchQuery(messageListQuery(deps)), context.queryClient.prefetchQuery(messageTypesQuery())]);
    return messagesApi ? prefetch(messagesApi) : loadMessagesApi().then(prefetch);
  },
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
