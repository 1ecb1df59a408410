import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { Trans } from '@lingui/react/macro';
import { requirePerms } from '../../../app/guards';
import { ApplicationsScreen, type ScreenSearch } from '../../../features/applications/ApplicationsScreen';
import { applicationSearchParams } from '../../../features/applications/search';

type ApplicationsApi = typeof import('../../../features/applications/api');
let applicationsApi: ApplicationsApi | undefined;
const loadApplicationsApi = async () => (applicationsApi ??= await import('../../../features/applications/api'));

const KINDS = ['travel'] as const;
const SCOPES = ['mine', 'todo', 'done', 'all'] as const;

/** 出行申请 (menu /xssw/cxsq, permission cxsq or cxsq_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/cxsq')({
  beforeLoad: requirePerms('cxsq', 'cxsq_audit'),
  validateSearch: applicationSearchParams,
  loaderDeps: ({ search }) => search,
  // the first page (and the open detail) land in the persisted cache: a teacher audits offline
  loader: async ({ context, deps }) => {
    const api = applicationsApi ?? (await loadApplicationsApi());
    await api.loadApplicationScreen(context.queryClient, context.permission.permission, KINDS, SCOPES, deps);
  },
  component: ApplicationsRoute,
});

function ApplicationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ScreenSearch) => void navigate({ search: next as typeof search, replace: true }), [navigate]);
  return <ApplicationsScreen kinds={KINDS} scopes={SCOPES} search={search} onSearchChange={onSearchChange} title={<Trans>出行申请</Trans>} />;
}
