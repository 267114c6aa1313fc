import { describe, expect, it } from 'vitest';
import { formatSize, isImage, type OssFile } from '../../../api/oss';
import { ossFilePage } from './oss-file.data';

describe('文件存储 page declaration', () => {
  it('sizes read as people write them', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatSize(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatSize(null)).toBe('');
  });

  it('预览 only for images; upload and delete behind their buttons', () => {
    const file = (fileType: string) => ({ id: '1', fileType }) as OssFile;
    expect(isImage(file('PNG'))).toBe(true);
    expect(isImage(file('pdf'))).toBe(false);
    const preview = ossFilePage.rowActions?.find((a) => a.key === 'preview');
    expect(preview?.show?.(file('jpg'))).toBe(true);
    expect(preview?.show?.(file('txt'))).toBe(false);
    expect(ossFilePage.toolbar?.find((t) => t.key === 'upload')?.auth).toBe('oss:upload');
    expect(ossFilePage.authCodes?.delete).toBe('oss:delete');
  });
});
