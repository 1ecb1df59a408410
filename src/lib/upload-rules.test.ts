import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { allowedExtensions, checkUploadFiles } from './upload-rules';

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

describe('upload rules (SPEC §5), checked before sending', () => {
  it('refuses a zero-byte file with each widget’s text', () => {
    expect(checkUploadFiles([file('a.pdf', 0)], {})).toBe('上传文件大小不能为0');
    expect(checkUploadFiles([file('a.png', 0, 'image/png')], {}, 'image')).toBe('上传图片大小不能为0');
    expect(checkUploadFiles([file('a.xlsx', 0)], {}, 'import')).toBe('文件大小不能为0');
  });

  it('refuses a file over maxSize KB, with the custom tip when given', () => {
    const big = file('a.pdf', 3 * 1024 + 1);
    expect(checkUploadFiles([big], { maxSizeKB: 3 })).toBe('上传文件大小不能超过3KB');
    expect(checkUploadFiles([big], { maxSizeKB: 3, sizeTip: '太大了' })).toBe('太大了');
    expect(checkUploadFiles([file('a.xlsx', 2049)], { maxSizeKB: 2 }, 'import')).toBe('上传图片大小不能超过2KB');
    expect(checkUploadFiles([file('a.pdf', 3 * 1024)], { maxSizeKB: 3 })).toBeNull();
  });

  it('checks the lower-cased extension against the comma-separated list', () => {
    expect(checkUploadFiles([file('A.PDF', 10)], { accept: 'pdf,doc' })).toBeNull();
    expect(checkUploadFiles([file('a.exe', 10)], { accept: '.xlsx,.xls' }, 'import')).toBe('只能上传.xlsx,.xls类型的文件');
    expect(checkUploadFiles([file('a.txt', 10)], { accept: 'pdf,doc' })).toBe('只能上传pdf,doc类型的文件');
    expect(allowedExtensions('.XLSX, .xls')).toEqual(['xlsx', 'xls']);
  });

  it('image widgets accept images only', () => {
    expect(checkUploadFiles([file('a.pdf', 10, 'application/pdf')], {}, 'image')).toMatch(/^只能上传/);
    expect(checkUploadFiles([file('a.jpg', 10, 'image/jpeg')], { accept: 'jpg' }, 'image')).toBeNull();
  });

  it('refuses more files than the limit (0 = unlimited), counting those already held', () => {
    const two = [file('a.pdf', 1), file('b.pdf', 1)];
    expect(checkUploadFiles(two, { limit: 3, existing: 2 })).toBe('上传的文件不能超过3个');
    expect(checkUploadFiles(two, { limit: 0, existing: 99 })).toBeNull();
    expect(checkUploadFiles(two, { limit: 1 }, 'import')).toBe('每次只能选择1个文件');
  });

  it('speaks English', () => {
    i18n.activate('en');
    expect(checkUploadFiles([file('a.png', 0, 'image/png')], {}, 'image')).toBe('upload image size cannot be 0');
    expect(checkUploadFiles([file('a.pdf', 0)], {})).toBe('The file size cannot be 0');
    expect(checkUploadFiles([file('a.pdf', 1), file('b.pdf', 1)], { limit: 1 })).toBe('No more than 1 files can be uploaded');
  });
});
