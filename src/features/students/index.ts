import { students } from '../../../contracts/resources/students';
import { resourceFeature } from '../../components/resource/feature';

/** 学生信息 /jcsj/xsxx: the kit feature its route loads. */
export default resourceFeature(students, () => import('./StudentsScreen'));
