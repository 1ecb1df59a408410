import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['student_leave'] as const;

/** 请假管理 (menu /xssw/qjgl, permission qjgl or qjgl_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/qjgl')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.student_leave.menu, KIND_PERMISSIONS.student_leave.audit),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>请假管理</Trans>} />,
});
