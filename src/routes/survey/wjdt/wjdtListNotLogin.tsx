import { createFileRoute } from '@tanstack/react-router';
import { PublicSurveyScreen } from '../../../features/placeholders/PublicSurveyScreen';

/** Open route, outside the main layout, no login needed (SPEC §2). */
export const Route = createFileRoute('/survey/wjdt/wjdtListNotLogin')({
  component: () => <PublicSurveyScreen variant="list" />,
});
