import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** 教学楼管理 (menu /xlcd/jxlgl, permission jxlgl): a kit list (features/places/buildings). */
export const Route = createFileRoute('/_app/xlcd/jxlgl')(resourceRoute('jxlgl', () => import('../../../features/places/buildings')));
