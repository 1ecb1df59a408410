import { createFileRoute } from '@tanstack/react-router';
import { requirePerms } from '../../../../app/guards';
import { FixedRoutePlaceholder } from '../../../../app/screens';

/** SPEC §2 fixed route, permission any-of ['survey_cjwj']; its screen is not built yet. */
export const Route = createFileRoute('/_app/survey/cjwj/perviewWJ')({
  beforeLoad: requirePerms('survey_cjwj'),
  component: FixedRoutePlaceholder,
});
