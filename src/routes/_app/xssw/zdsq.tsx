import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['day_student'] as const;

/** 走读申请 (menu /xssw/zdsq, permission zdsq or zdsq_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/zdsq')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.day_student.menu, KIND_PERMISSIONS.day_student.audit),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>走读申请</Trans>} />,
});
