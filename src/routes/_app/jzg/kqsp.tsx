import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';
import { AUDIT_SCOPES, STAFF_KINDS } from '../../../features/applications/staff/route';

/** 考勤审批 (menu /jzg/kqsp, permission kqsp): staff applications to audit (todo / done / all, batch audit); ?scope=&kind=&state=&…&id=. */
export const Route = createFileRoute('/_app/jzg/kqsp')({
  beforeLoad: requirePerms('kqsp'),
  ...applicationRouteOptions(STAFF_KINDS, AUDIT_SCOPES),
  component: () => <ApplicationsRoute kinds={STAFF_KINDS} scopes={AUDIT_SCOPES} title={<Trans>考勤审批</Trans>} />,
});
