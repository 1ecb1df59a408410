import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** 学生信息 (menu /jcsj/xsxx, permission xsxx): a kit list (features/students). */
export const Route = createFileRoute('/_app/jcsj/xsxx')(resourceRoute('xsxx', () => import('../../../features/students')));
