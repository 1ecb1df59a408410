import { apkVersions } from '../../../../contracts/resources/apk-versions';
import { resourceFeature } from '../../../components/resource/feature';
import { apkCatalog } from './catalog';

/** APK版本管理 /system/apk: the kit feature its route loads (definition, list query, lazy screen). */
export default resourceFeature(apkVersions, () => import('./ApkScreen'), apkCatalog);
