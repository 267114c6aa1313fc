import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Image, Space, Tooltip } from 'antd';
import type { CSSProperties } from 'react';
import { fileUrl } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { imageList, moveImage, openTarget } from './preview-logic';

export * from './preview-logic';

export interface JImagePreviewProps {
  /** comma-separated stored image paths (or full URLs) */
  value?: string | readonly string[] | null;
  /** with `movable`, the reordered comma value */
  onChange?: (value: string) => void;
  /** show 前移 / 后移 under each image (reordering an image list) */
  movable?: boolean;
  /** thumbnail size @default 96 */
  size?: number;
  style?: CSSProperties;
  id?: string;
}

/**
 * Thumbnails that open a full-size preview with previous / next navigation (antd's preview group); `movable` adds
 * the JeecgBoot reorder buttons with their messages (未知的操作 / 已到最后~).
 */
export function JImagePreview({ value, onChange, movable, size = 96, style, id }: JImagePreviewProps) {
  const list = imageList(value);
  const move = (index: number, dir: 'prev' | 'next') => {
    const r = moveImage(list, index, dir);
    if (!r.ok) {
      feedback.message.warning(r.message);
      return;
    }
    onChange?.(r.list.join(','));
  };
  if (list.length === 0) return <span className="j-image-preview-empty">-</span>;
  return (
    <div id={id} className="j-image-preview" style={style}>
      <Image.PreviewGroup>
        <Space wrap>
          {list.map((p, i) => (
            <div
              key={`${p}#${list.slice(0, i).filter((x) => x === p).length}`}
              style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'center' }}
            >
              <Image width={size} height={size} style={{ objectFit: 'cover' }} src={fileUrl(p)} alt={`图片${i + 1}`} />
              {movable && (
                <Space size={4}>
                  <Tooltip title="前移">
                    <Button size="small" aria-label="前移" icon={<LeftOutlined />} onClick={() => move(i, 'prev')} />
                  </Tooltip>
                  <Tooltip title="后移">
                    <Button size="small" aria-label="后移" icon={<RightOutlined />} onClick={() => move(i, 'next')} />
                  </Tooltip>
                </Space>
              )}
            </div>
          ))}
        </Space>
      </Image.PreviewGroup>
    </div>
  );
}

/** open a stored file in a new tab, or warn 未知的文件 when there is none */
export function openFile(path: string | null | undefined): void {
  const t = openTarget(path, fileUrl);
  if (!t.ok) {
    feedback.message.warning(t.message);
    return;
  }
  window.open(t.url, '_blank', 'noopener');
}

export default JImagePreview;
