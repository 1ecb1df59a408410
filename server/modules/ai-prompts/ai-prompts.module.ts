import { aiPrompts } from '../../../contracts/resources/ai-prompts';
import { crudModule } from '../../kit/crud-module';
import { aiPrompts as aiPromptsTable } from './ai-prompts.table';

/** AI提示词管理 (/system/aitsc): a plain kit resource (contracts/resources/ai-prompts.ts). */
export const aiPromptsModule = crudModule(aiPrompts, aiPromptsTable);
