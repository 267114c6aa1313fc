import { Image } from 'antd';
import { useRef, useState } from 'react';
import { downloadOssFile, imageUrl, type OssFile, uploadOssFile } from '../../../api/oss';
import { type ActionContext, CrudPage } from '../../../components/kit';
import { feedback } from '../../../utils/feedback';
import { ossFilePage } from './oss-file.data';
import './oss.css';

/**
 * 文件存储 (component modules/oss/OSSFileList): the declaration in oss-file.data.tsx; 上传文件 picks a file and sends
 * it to /sys/oss/file/upload, 预览 shows an image, 下载 saves the file under its original name.
 */
export default function OSSFileList() {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<OssFile | null>(null);

  const onPick = async (e: React.ChangeEvent<HTMLInputElement>, ctx: ActionContext<OssFile>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const key = 'oss-upload';
    feedback.message.loading({ content: `${file.name} 上传中…`, key, duration: 0 });
    try {
      const res = await uploadOssFile(file, (p) =>
        feedback.message.loading({ content: `${file.name} 上传中… ${p}%`, key, duration: 0 }),
      );
      if (res.success) feedback.message.success({ content: `${file.name} 上传成功!`, key });
      else feedback.message.warning({ content: res.message || '上传失败', key });
    } catch {
      feedback.message.destroy(key);
    }
    ctx.reload();
  };

  return (
    <>
      <CrudPage
        schema={ossFilePage}
        handlers={{
          upload: () => input.current?.click(),
          preview: (row) => setPreview(row ?? null),
          download: (row) => {
            if (row) void downloadOssFile(row).catch(() => {});
          },
        }}
      >
        {(ctx) => (
          <input
            ref={input}
            type="file"
            hidden
            data-testid="oss-upload-input"
            accept=".png,.jpg,.jpeg,.gif,.webp,.bmp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip"
            onChange={(e) => void onPick(e, ctx)}
          />
        )}
      </CrudPage>
      {preview ? (
        <Image
          style={{ display: 'none' }}
          src={imageUrl(preview)}
          preview={{ open: true, onOpenChange: (open) => !open && setPreview(null) }}
        />
      ) : null}
    </>
  );
}
