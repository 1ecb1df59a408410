import { buildings } from '../../../../contracts/resources/buildings';
import { resourceFeature } from '../../../components/resource/feature';

/** 教学楼管理 /xlcd/jxlgl: the kit feature its route loads. */
export default resourceFeature(buildings, () => import('./BuildingsScreen'));
