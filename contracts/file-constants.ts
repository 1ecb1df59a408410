// Files' zod-free constants and rules (SPEC §5 upload profiles and limits, the pre-check and its
// texts): screens and shared widgets (upload, import) import these without pulling zod into their
// chunk; contracts/files.ts re-exports them with the call schemas.
import { MAX_ATTACHMENTS } from './application-rules';
import { resourcePerms } from './resource';
import { apkVersions } from './resources/apk-versions';
import { SURVEY_PICTURE_PROFILE } from './survey-rules';

/** SPEC §3: one stored file. */
export interface FileRecord {
  /** uuid v7 */
  resId: string;
  /** the name as uploaded, extension included, e.g. 成绩单.pdf */
  resName: string;
  /** the extension, lower case, without the dot, e.g. pdf ('' when the name has none) */
  resSuffix: string;
  /** bytes */
  size: number;
  /** the content type the server sniffed (what download sends) */
  mime: string;
  /** ISO time of the upload */
  createTime: string;
}

/** `POST /file/upload` data: one entry per stored file (SPEC: data [{ resId }]). */
export type UploadData = Array<{ resId: string; resName: string; resSuffix: string; size: number }>;

/**
 * Upload profiles (SPEC §5 limits). The multipart form field `category` picks one; without it the
 * server uses `attachment`. Extensions are lower case without the dot; `maxKB` is the size limit in KB
 * (1 KB = 1024 bytes) as the messages show it.
 */
export const FILE_CATEGORIES = ['attachment', 'picture', 'video', 'document', 'avatar', 'staffUpload', 'leaveCertificate', 'surveyPicture', 'import', 'logo', 'apk'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

export interface UploadProfile {
  extensions: readonly string[];
  maxKB: number;
  /** images only (image upload widgets accept nothing else) */
  imagesOnly: boolean;
}

const PICTURES = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;
const DOCUMENTS = ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx'] as const;

export const UPLOAD_PROFILES: Readonly<Record<FileCategory, UploadProfile>> = {
  /** generic attachment: pictures and documents, 10 MB */
  attachment: { extensions: [...PICTURES, ...DOCUMENTS], maxKB: 10 * 1024, imagesOnly: false },
  /** SPEC §5: pictures JPG up to 2 MB (PNG, GIF, WebP also accepted) */
  picture: { extensions: PICTURES, maxKB: 2 * 1024, imagesOnly: true },
  /** SPEC §5: video MP4 up to 100 MB */
  video: { extensions: ['mp4'], maxKB: 100 * 1024, imagesOnly: false },
  /** SPEC §5: documents PDF/DOC/PPT (and the newer Office formats) up to 10 MB */
  document: { extensions: DOCUMENTS, maxKB: 10 * 1024, imagesOnly: false },
  /** SPEC §5: staff avatar 2 MB */
  avatar: { extensions: ['jpg', 'jpeg', 'png'], maxKB: 2 * 1024, imagesOnly: true },
  /** SPEC §5: staff upload 500 KB, jpg only */
  staffUpload: { extensions: ['jpg'], maxKB: 500, imagesOnly: true },
  /** SPEC §5: leave certificates are pictures, 4 per leave; JPG and PNG, what the application accepts (applications.service) */
  leaveCertificate: { extensions: ['jpg', 'jpeg', 'png'], maxKB: 2 * 1024, imagesOnly: true },
  /** SPEC §5/§9: import default list .xlsx,.xls */
  import: { extensions: ['xlsx', 'xls'], maxKB: 10 * 1024, imagesOnly: false },
  /** SPEC §5 picture upload: a picture question's answer (issue 9; the public page uploads without login) */
  surveyPicture: SURVEY_PICTURE_PROFILE,
  /** the school logo */
  logo: { extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'], maxKB: 2 * 1024, imagesOnly: true },
  /** APK版本管理: an Android app package, 200 MB (streamed to disk; the multipart limit follows the largest profile) */
  apk: { extensions: ['apk'], maxKB: 200 * 1024, imagesOnly: false },
};

export const DEFAULT_FILE_CATEGORY: FileCategory = 'attachment';

/** The largest upload any profile allows (the server's multipart per-file limit: one .apk). */
export const MAX_UPLOAD_KB = Math.max(...Object.values(UPLOAD_PROFILES).map((profile) => profile.maxKB));

/**
 * Profiles with fewer files per request than MAX_FILES_PER_UPLOAD: one .apk per request, so a
 * request holds at most one 200 MB file (the others keep 9 × their own limit).
 */
export const UPLOAD_MAX_FILES: Partial<Record<FileCategory, number>> = { apk: 1 };

/** Profiles only some may upload (any one of the codes): the logo is public, an .apk is 200 MB. */
export const UPLOAD_CATEGORY_PERMISSIONS: Partial<Record<FileCategory, readonly string[]>> = {
  logo: ['system_config'], // FILES_ADMIN_PERMISSION (declared below)
  apk: [resourcePerms(apkVersions).add, resourcePerms(apkVersions).edit],
};

/**
 * The per-file limit while the `category` field has not arrived yet: the largest profile open to
 * everyone (100 MB video). A restricted profile's larger limit applies only once `category` is known
 * and the caller's permission checked, so the form sends `category` before its files.
 */
export const UPLOAD_KB_WITHOUT_CATEGORY = Math.max(
  ...Object.entries(UPLOAD_PROFILES)
    .filter(([category]) => !(category in UPLOAD_CATEGORY_PERMISSIONS))
    .map(([, profile]) => profile.maxKB),
);

/** SPEC §5: how many files one form may hold (0 = unlimited). */
export const UPLOAD_COUNT_LIMITS = {
  /** notices and homework */
  noticePictures: 9,
  noticeVideos: 1,
  noticeDocuments: 4,
  leaveCertificatePictures: MAX_ATTACHMENTS,
  /** SPEC §9 import default limit */
  import: 1,
} as const;

/** SPEC §9 import default types, as the accept attribute wants them. */
export const IMPORT_ACCEPT = '.xlsx,.xls';

/** Lower-case extension without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 || dot === base.length - 1 ? '' : base.slice(dot + 1).toLowerCase();
}

/** The comma-separated list the messages show, e.g. jpg,jpeg,png. */
export const typesText = (extensions: readonly string[]) => extensions.join(',');

/**
 * The checks both sides run on a candidate before any bytes are stored (SPEC §5), in this order:
 * zero size, extension, size. Returns the message key and its parameters, or null when it passes.
 * Message texts (zh / en): see UPLOAD_MESSAGES.
 */
export type UploadProblem =
  | { key: 'uploadEmpty'; params: Record<string, never> }
  | { key: 'uploadWrongType'; params: { types: string } }
  | { key: 'uploadTooLarge'; params: { maxSize: number } };

export function checkUploadCandidate(fileName: string, sizeBytes: number, profile: UploadProfile): UploadProblem | null {
  if (sizeBytes <= 0) return { key: 'uploadEmpty', params: {} };
  if (!profile.extensions.includes(extensionOf(fileName))) return { key: 'uploadWrongType', params: { types: typesText(profile.extensions) } };
  if (sizeBytes > profile.maxKB * 1024) return { key: 'uploadTooLarge', params: { maxSize: profile.maxKB } };
  return null;
}

/** SPEC §5 texts; `{name}` placeholders are replaced by the params above. */
export const UPLOAD_MESSAGES = {
  uploadEmpty: { zh: '上传文件大小不能为0', en: 'The file size cannot be 0' },
  uploadWrongType: { zh: '只能上传{types}类型的文件', en: 'Only files of type {types} can be uploaded' },
  uploadTooLarge: { zh: '上传文件大小不能超过{maxSize}KB', en: 'The file size cannot exceed {maxSize}KB' },
  /** the content does not match the extension (e.g. a program renamed .jpg) */
  uploadContentMismatch: { zh: '文件内容与扩展名不符', en: 'The file content does not match its extension' },
  uploadCountExceeded: { zh: '上传的文件不能超过{limit}个', en: 'No more than {limit} files can be uploaded' },
  /** SPEC §5 variants the widgets show: image upload and import */
  imageEmpty: { zh: '上传图片大小不能为0', en: 'Upload image size cannot be 0' },
  importEmpty: { zh: '文件大小不能为0', en: 'The file size cannot be 0' },
  importTooLarge: { zh: '上传图片大小不能超过{n}KB', en: 'The file size cannot exceed {n}KB' },
  importCountExceeded: { zh: '每次只能选择{limit}个文件', en: 'Only {limit} file(s) can be chosen at a time' },
  deleteConfirm: { zh: '此操作将永久删除这个文件，是否继续？', en: 'This will permanently delete this file, continue?' },
  deleteImageConfirm: { zh: '此操作将永久删除这张图片，是否继续？', en: 'This will permanently delete this image, continue?' },
  deleteCancelled: { zh: '已取消删除操作', en: 'Delete cancelled' },
} as const;
