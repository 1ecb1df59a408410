import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { EXAMS_PERMISSION } from '../../../../contracts/exam-constants';
import { ExamBatchesScreen } from '../../../features/exams/ExamBatchesScreen';
import { examBatchSearchParams, type ExamBatchSearchParams } from '../../../features/exams/search';

/** The feature's api module loads with the first visit, not with the entry chunk (route loaders stay in it). */
type ExamsApi = typeof import('../../../features/exams/api');
let examsApi: ExamsApi | undefined;
const loadExamsApi = async () => (examsApi ??= await import('../../../features/exams/api'));

/** 考试批次 (menu /jxgl/kspc, permission kspc): ?semesterId=&name=&published=&page=&size=. */
export const Route = createFileRoute('/_app/jxgl/kspc')({
  beforeLoad: requirePerms(EXAMS_PERMISSION),
  validateSearch: examBatchSearchParams,
  loader: async ({ context }) => {
    const api = examsApi ?? (await loadExamsApi());
    await context.queryClient.ensureQueryData(api.examOptionsQuery());
  },
  component: ExamBatchesRoute,
});

function ExamBatchesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: ExamBatchSearchParams) => void navigate({ search: next }), [navigate]);
  return <ExamBatchesScreen search={search} onSearchChange={onSearchChange} />;
}
