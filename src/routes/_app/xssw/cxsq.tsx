import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['travel'] as const;

/** 出行申请 (menu /xssw/cxsq, permission cxsq or cxsq_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/cxsq')({
  beforeLoad: requirePerms('cxsq', 'cxsq_audit'),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>出行申请</Trans>} />,
});
