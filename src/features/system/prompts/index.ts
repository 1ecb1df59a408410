import { aiPrompts } from '../../../../contracts/resources/ai-prompts';
import { resourceFeature } from '../../../components/resource/feature';
import { promptsCatalog } from './catalog';

/** AI提示词管理 /system/aitsc: the kit feature its route loads (definition, list query, lazy screen). */
export default resourceFeature(aiPrompts, () => import('./PromptsScreen'), promptsCatalog);
