import { apkVersions } from '../../../../contracts/resources/apk-versions';
import { resourceFeature } from '../../../components/resource/feature';

/** APK版本管理 /system/apk: the kit feature its route loads (definition, list query, lazy screen). */
export default resourceFeature(apkVersions, () => import('./ApkScreen'));
