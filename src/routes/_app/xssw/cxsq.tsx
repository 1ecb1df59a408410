import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['travel'] as const;

/** 出行申请 (menu /xssw/cxsq, permission cxsq or cxsq_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/cxsq')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.travel.menu, KIND_PERMISSIONS.travel.audit),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>出行申请</Trans>} />,
});
