import { campuses } from '../../../../contracts/resources/campuses';
import { resourceFeature } from '../../../components/resource/feature';

/** 校区管理 /jcsj/xqgl: the kit feature its route loads. */
export default resourceFeature(campuses, () => import('./CampusesScreen'));
