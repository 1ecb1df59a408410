import { createFileRoute } from '@tanstack/react-router';
import { Suspense, useCallback } from 'react';
import { requirePerms } from '../../../app/guards';
import { promptRouteOptions, PromptsScreenLazy } from '../../../features/system/prompts/route';
import type { PromptSearchParams } from '../../../features/system/prompts/search';

/** AI提示词管理 (menu /system/aitsc, permission system_ai_prompt): ?keyword=&enabled=&page=&size=. */
export const Route = createFileRoute('/_app/system/aitsc')({
  beforeLoad: requirePerms('system_ai_prompt'),
  ...promptRouteOptions,
  component: PromptsRoute,
});

function PromptsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: PromptSearchParams) => void navigate({ search: next, replace: true }), [navigate]);
  return (
    <Suspense fallback={null}>
      <PromptsScreenLazy search={search} onSearchChange={onSearchChange} />
    </Suspense>
  );
}
