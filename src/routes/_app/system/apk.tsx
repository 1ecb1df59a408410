import { createFileRoute } from '@tanstack/react-router';
import { resourceRoute } from '../../../app/resource-route';

/** APK版本管理 (menu /system/apk, permission system_apk): a kit list (features/system/apk). */
export const Route = createFileRoute('/_app/system/apk')(resourceRoute('system_apk', () => import('../../../features/system/apk')));
