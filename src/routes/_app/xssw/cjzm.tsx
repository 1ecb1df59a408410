import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { KIND_PERMISSIONS } from '../../../../contracts/application-constants';
import { requirePerms } from '../../../app/guards';
import { applicationRouteOptions, ApplicationsRoute } from '../../../features/applications/route';

const KINDS = ['score_proof'] as const;

/** 成绩证明 (menu /xssw/cjzm, permission cjzm or cjzm_audit): ?scope=&state=&keyword=&from=&to=&page=&size=&id=. */
export const Route = createFileRoute('/_app/xssw/cjzm')({
  beforeLoad: requirePerms(KIND_PERMISSIONS.score_proof.menu, KIND_PERMISSIONS.score_proof.audit),
  ...applicationRouteOptions(KINDS),
  component: () => <ApplicationsRoute kinds={KINDS} title={<Trans>成绩证明</Trans>} />,
});
