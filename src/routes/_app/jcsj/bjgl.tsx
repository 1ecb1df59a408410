import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** 班级管理 (menu /jcsj/bjgl, permission bjgl): a kit list (features/classes) with the roster drawer. */
export const Route = createFileRoute('/_app/jcsj/bjgl')(resourceRoute('bjgl', () => import('../../../features/classes')));
