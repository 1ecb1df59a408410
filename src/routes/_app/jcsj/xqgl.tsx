import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** 校区管理 (menu /jcsj/xqgl, permission xqgl): a kit list (features/places/campuses). */
export const Route = createFileRoute('/_app/jcsj/xqgl')(resourceRoute('xqgl', () => import('../../../features/places/campuses')));
