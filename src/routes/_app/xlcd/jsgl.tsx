import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** 教室管理 (menu /xlcd/jsgl, permission jsgl): a kit list (features/places/classrooms). */
export const Route = createFileRoute('/_app/xlcd/jsgl')(resourceRoute('jsgl', () => import('../../../features/places/classrooms')));
