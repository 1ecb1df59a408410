import { boolean, file, int, resource, text } from '../resource';

/** 发布 / 取消发布: a button of its own in the menu catalogue (crud('system_apk', 'publish')). */
export const APK_PUBLISH_PERMISSION = 'system_apk_publish';

/**
 * APK版本管理 (/system/apk): the Android app's releases. Version code unique; publishing (a toggle
 * with its own permission and rules: server hooks) needs the file and a code above every published
 * one; a published version is neither edited nor deleted. The app asks `GET /api/apk/latest`.
 */
export const apkVersions = resource({
  name: 'apk-versions',
  title: { zh: 'APK版本管理', en: 'APK versions' },
  noun: { zh: 'APK版本', en: 'APK version' },
  path: '/api/apk',
  perm: 'system_apk',
  fields: {
    versionName: text(
      { zh: '版本名称', en: 'Version name' },
      { max: 30, required: true, pattern: { regex: /^\d{1,4}\.\d{1,4}\.\d{1,4}$/, message: { zh: '格式应为x.y.z，例如2.3.1', en: 'must look like x.y.z, e.g. 2.3.1' } } },
    ),
    versionCode: int({ zh: '版本号', en: 'Version code' }, { min: 1, max: 2_100_000_000, required: true }),
    fileId: file({ zh: '安装包', en: 'Package' }, { profile: 'apk', noExcel: true }),
    changelog: text({ zh: '更新说明', en: 'Changelog' }, { max: 2000, rows: 5, raw: true }),
    forceUpdate: boolean({ zh: '强制更新', en: 'Force update' }, { default: false }),
    published: boolean({ zh: '发布', en: 'Published' }, { on: { zh: '已发布', en: 'Published' }, off: { zh: '未发布', en: 'Unpublished' }, readOnly: true, default: false }),
  },
  unique: ['versionCode'],
  toggles: { published: { route: 'publish', perm: APK_PUBLISH_PERMISSION, on: { zh: '发布成功', en: 'Published' }, off: { zh: '已取消发布', en: 'Unpublished' } } },
  search: { versionName: { contains: ['versionName'], label: { zh: '版本名称', en: 'Version name' } }, published: { equals: 'published' } },
  order: [{ field: 'versionCode', desc: true }],
  sortable: ['versionName', 'versionCode', 'published'],
  display: 'versionName',
  exportable: true,
});
