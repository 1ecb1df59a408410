import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['enrolment_proof'] as const;

/** 在读证明 (menu /xssw/zdzm, permission zdzm or zdzm_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/zdzm')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.enrolment_proof.menu, KIND_PERMISSIONS.enrolment_proof.audit),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>在读证明</Trans>} />,
});
