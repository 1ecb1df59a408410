import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { SCORE_SYSTEMS_PERMISSION } from '../../../../contracts/exam-constants';
import { ScoreSystemsScreen } from '../../../features/exams/ScoreSystemsScreen';
import { scoreSystemSearchParams, type ScoreSystemSearchParams } from '../../../features/exams/search';

/** The feature's api module loads with the first visit, not with the entry chunk (route loaders stay in it). */
type ExamsApi = typeof import('../../../features/exams/api');
let examsApi: ExamsApi | undefined;
const loadExamsApi = async () => (examsApi ??= await import('../../../features/exams/api'));

/** 成绩体系 (menu /jxgl/cjtx, permission cjtx): ?semesterId=&batchId=. */
export const Route = createFileRoute('/_app/jxgl/cjtx')({
  beforeLoad: requirePerms(SCORE_SYSTEMS_PERMISSION),
  validateSearch: scoreSystemSearchParams,
  loader: async ({ context }) => {
    const api = examsApi ?? (await loadExamsApi());
    await context.queryClient.ensureQueryData(api.examOptionsQuery());
  },
  component: ScoreSystemsRoute,
});

function ScoreSystemsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ScoreSystemSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return <ScoreSystemsScreen search={search} onSearchChange={onSearchChange} />;
}
