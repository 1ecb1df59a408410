import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** AI提示词管理 (menu /system/aitsc, permission system_ai_prompt): a kit list (features/system/prompts). */
export const Route = createFileRoute('/_app/system/aitsc')(resourceRoute('system_ai_prompt', () => import('../../../features/system/prompts')));
