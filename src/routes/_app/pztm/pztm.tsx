import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { SURVEY_PERMISSIONS } from '../../../../contracts/survey-constants';
import { requirePerms } from '../../../app/guards';
import { bankRouteOptions, BankScreenLazy } from '../../../features/surveys/manage/route';
import type { BankSearchParams } from '../../../features/surveys/manage/search';

/** 题目配置 (SPEC §2 /pztm/pztm, permission jzwj_wjsz): the question bank; ?keyword=&kind=&category=&page=&size=. */
export const Route = createFileRoute('/_app/pztm/pztm')({
  beforeLoad: requirePerms(SURVEY_PERMISSIONS.bank),
  ...bankRouteOptions,
  component: BankRoute,
});

function BankRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: BankSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <BankScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
