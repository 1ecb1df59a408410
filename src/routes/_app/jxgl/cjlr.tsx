import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { SCORES_PERMISSION } from '../../../../contracts/score-rules';
import { ScoreEntryScreen } from '../../../features/scores/ScoreEntryScreen';
import { scoreEntrySearch, type ScoreEntrySearch } from '../../../features/scores/search';

/** The feature's api module loads with the first visit, not with the entry chunk (route loaders stay in it). */
type ScoresApi = typeof import('../../../features/scores/api');
let scoresApi: ScoresApi | undefined;
const loadScoresApi = async () => (scoresApi ??= await import('../../../features/scores/api'));

/**
 * 成绩录入 (menu /jxgl/cjlr, permission cjlr): ?semesterId=&batchId=&classId=&subject= (a code or 'all').
 * A URL without a whole sheet is completed with the caller's most likely one (their own in the current
 * batch, else the last used), so the pickers never start empty and a reload or a link keeps the sheet.
 */
export const Route = createFileRoute('/_app/jxgl/cjlr')({
  beforeLoad: requirePerms(SCORES_PERMISSION),
  validateSearch: scoreEntrySearch,
  loaderDeps: ({ search }) => ({ semesterId: search.semesterId, batchId: search.batchId, classId: search.classId, subject: search.subject }),
  // the options and the opened sheet(s) land in the persisted cache (the same queryOptions the screen reads)
  loader: async ({ context, deps, preload }) => {
    const api = scoresApi ?? (await loadScoresApi());
    // a pointer passing over a link (the dashboard's score card) loads the code only: choosing and
    // fetching sheets, and redirecting to them, wait for a real visit
    if (preload) return;
    void context.queryClient.prefetchQuery(api.subjectDictQuery());
    const options = await context.queryClient.ensureQueryData(api.scoreOptionsQuery(deps.semesterId));
    const completed = api.completeSheetSearch(options, deps);
    if (completed) throw redirect({ to: '/jxgl/cjlr', search: completed, replace: true });
    if (!deps.batchId || !deps.classId || !deps.subject) return;
    const subjects = options.batches.find((batch) => batch.batchId === deps.batchId)?.classes.find((item) => item.classId === deps.classId)?.subjects ?? [];
    const wanted = deps.subject === 'all' ? subjects.map((item) => item.subject) : subjects.some((item) => item.subject === deps.subject) ? [deps.subject] : [];
    await Promise.all(wanted.map((subject) => context.queryClient.ensureQueryData(api.scoreSheetQuery(deps.batchId!, deps.classId!, subject)).catch(() => undefined)));
  },
  component: ScoreEntryRoute,
});

function ScoreEntryRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ScoreEntrySearch) => void navigate({ search: next, replace: true }), [navigate]);
  return <ScoreEntryScreen search={search} onSearchChange={onSearchChange} />;
}
