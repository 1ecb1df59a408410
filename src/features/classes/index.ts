import { classes } from '../../../contracts/resources/classes';
import { resourceFeature } from '../../components/resource/feature';
import { classesCatalog } from './catalog';

/** 班级管理 /jcsj/bjgl: the kit feature its route loads. */
export default resourceFeature(classes, () => import('./ClassesScreen'), classesCatalog);
