import { t } from '@lingui/core/macro';
import { extensionOf } from '../../contracts/file-constants';

/**
 * The checks SPEC §5 "Upload" runs BEFORE anything is sent, with the texts of each widget:
 * the count limit (0 = unlimited), then per file: zero bytes, extension, size.
 */
export type UploadVariant = 'file' | 'image' | 'import';

export interface UploadRules {
  /** comma-separated allowed extensions, with or without dots: '.xlsx,.xls' or 'jpg,png'; empty: any */
  accept?: string;
  /** KB; 0 or missing: no size limit */
  maxSizeKB?: number;
  /** a custom text for "too large" (file and image widgets) */
  sizeTip?: string;
  /** most files the widget may hold (0 = unlimited) */
  limit?: number;
  /** files the widget already holds */
  existing?: number;
}

/** '.XLSX, .xls' → ['xlsx', 'xls'] */
export function allowedExtensions(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part) => part.trim().replace(/^\./, '').toLowerCase())
    .filter((part) => part && !part.includes('/'));
}

function countMessage(variant: UploadVariant, limit: number): string {
  return variant === 'import' ? t`每次只能选择${limit}个文件` : t`上传的文件不能超过${limit}个`;
}

function emptyMessage(variant: UploadVariant): string {
  if (variant === 'image') return t`上传图片大小不能为0`;
  if (variant === 'import') return t`文件大小不能为0`;
  return t`上传文件大小不能为0`;
}

function sizeMessage(variant: UploadVariant, maxSize: number, tip?: string): string {
  if (variant === 'import') return t`上传图片大小不能超过${maxSize}KB`;
  return tip || t`上传文件大小不能超过${maxSize}KB`;
}

/** The first problem with a selection of files, as the message to show; null when every rule passes. */
export function checkUploadFiles(files: readonly File[], rules: UploadRules, variant: UploadVariant = 'file'): string | null {
  const limit = rules.limit ?? 0;
  if (limit > 0 && (rules.existing ?? 0) + files.length > limit) return countMessage(variant, limit);
  const extensions = allowedExtensions(rules.accept);
  const types = (rules.accept ?? '').split(',').map((part) => part.trim()).filter(Boolean).join(',');
  for (const file of files) {
    if (file.size <= 0) return emptyMessage(variant);
    if (variant === 'image' && !isImage(file)) return t`只能上传${types}类型的文件`;
    if (extensions.length > 0 && !extensions.includes(extensionOf(file.name))) return t`只能上传${types}类型的文件`;
    const maxSize = rules.maxSizeKB ?? 0;
    if (maxSize > 0 && file.size > maxSize * 1024) return sizeMessage(variant, maxSize, rules.sizeTip);
  }
  return null;
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'svg']);

/** Image widgets accept images only: by content type, or by extension when the browser gives none. */
export function isImage(file: File): boolean {
  return file.type ? file.type.startsWith('image/') : IMAGE_EXTENSIONS.has(extensionOf(file.name));
}
