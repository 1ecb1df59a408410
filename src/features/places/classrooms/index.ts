import { classrooms } from '../../../../contracts/resources/classrooms';
import { resourceFeature } from '../../../components/resource/feature';

/** 教室管理 /xlcd/jsgl: the kit feature its route loads. */
export default resourceFeature(classrooms, () => import('./ClassroomsScreen'));
