import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { MY_SCORES_PERMISSION } from '../../../../contracts/score-rules';
import { MyScoresScreen } from '../../../features/scores/MyScoresScreen';
import { myScoresSearchParams, type MyScoresSearchParams } from '../../../features/scores/search';

type ScoresApi = typeof import('../../../features/scores/api');
let scoresApi: ScoresApi | undefined;
const loadScoresApi = async () => (scoresApi ??= await import('../../../features/scores/api'));

/** 我的成绩 (menu /jxgl/wdcj, permission wdcj): students' and parents' published scores (?studentId= a parent's child). */
export const Route = createFileRoute('/_app/jxgl/wdcj')({
  beforeLoad: requirePerms(MY_SCORES_PERMISSION),
  validateSearch: myScoresSearchParams,
  loaderDeps: ({ search }) => ({ studentId: search.studentId }),
  loader: async ({ context, deps }) => {
    const api = scoresApi ?? (await loadScoresApi());
    await Promise.all([context.queryClient.prefetchQuery(api.myScoresQuery(deps.studentId)), context.queryClient.prefetchQuery(api.subjectDictQuery())]);
  },
  component: MyScoresRoute,
});

function MyScoresRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: MyScoresSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return <MyScoresScreen search={search} onSearchChange={onSearchChange} />;
}
