import {
  BoldOutlined,
  CodeOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { markdown } from '@codemirror/lang-markdown';
import { Button, Radio, Space, Tooltip } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { fileUrl } from '../../api/http';
import { feedback } from '../../utils/feedback';
import { createEditor, type EditorHandle } from '../JCodeEditor/cm-core';
import { FULL_SCREEN_STYLE, useFullScreen } from '../JCodeEditor/useFullScreen';
import { ImageInsertModal } from '../JImageUploadTabs/ImageInsertModal';
import {
  applyMark,
  asBlock,
  createInsertGuard,
  imageMarkdown,
  MARKDOWN_DEFAULT_HEIGHT,
  MARKDOWN_MIN_HEIGHT,
  MARKDOWN_TOO_FAST,
  type MarkdownMark,
  renderMarkdown,
} from './markdown-logic';
import './markdown.css';

export * from './markdown-logic';

export interface JMarkdownEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** @default 300px (never below 200) */
  height?: number | string;
  disabled?: boolean;
  placeholder?: string;
  /** upload folder of inserted images @default jeditor */
  biz?: string;
  /** start in this view @default split */
  mode?: 'edit' | 'split' | 'preview';
  style?: CSSProperties;
  id?: string;
}

type View = 'edit' | 'split' | 'preview';

const MARKS: { mark: MarkdownMark; title: string; icon: ReactNode }[] = [
  { mark: 'bold', title: '粗体', icon: <BoldOutlined /> },
  { mark: 'italic', title: '斜体', icon: <ItalicOutlined /> },
  { mark: 'strike', title: '删除线', icon: <StrikethroughOutlined /> },
  { mark: 'heading', title: '标题', icon: <FontSizeOutlined /> },
  { mark: 'ul', title: '无序列表', icon: <UnorderedListOutlined /> },
  { mark: 'ol', title: '有序列表', icon: <OrderedListOutlined /> },
  { mark: 'link', title: '链接', icon: <LinkOutlined /> },
  { mark: 'codeblock', title: '代码块', icon: <CodeOutlined /> },
];

/** A rendered markdown text, through the rich-text allow-list. */
export function JMarkdownView({ value, style }: { value?: string | null; style?: CSSProperties }) {
  const html = useMemo(() => renderMarkdown(value), [value]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the contract's allow-list (renderMarkdown)
  return <div className="j-markdown-view" style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Markdown editor (JeecgBoot JMarkdownEditor): CodeMirror 6 with markdown highlighting, a toolbar, edit / split /
 * preview views, and image insert through the two-tab image dialog (optional remark, 1.5 s insert guard).
 */
export function JMarkdownEditor({
  value,
  onChange,
  height = MARKDOWN_DEFAULT_HEIGHT,
  disabled,
  placeholder,
  biz = 'jeditor',
  mode = 'split',
  style,
  id,
}: JMarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const change = useRef(onChange);
  change.current = onChange;
  const [view, setView] = useState<View>(mode);
  const [text, setText] = useState(value ?? '');
  const [imageOpen, setImageOpen] = useState(false);
  const guard = useMemo(() => createInsertGuard(), []);
  const [full, setFull] = useFullScreen();

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount; value / disabled follow below
  useEffect(() => {
    if (!host.current) return;
    editor.current = createEditor({
      parent: host.current,
      doc: value ?? '',
      tabSize: 2,
      lineNumbers: false,
      lineWrapping: true,
      readOnly: disabled,
      placeholder,
      extensions: [markdown()],
      onChange: (doc) => {
        setText(doc);
        change.current?.(doc);
      },
    });
    return () => {
      editor.current?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    editor.current?.setDoc(value ?? '');
    setText(value ?? '');
  }, [value]);

  useEffect(() => {
    editor.current?.setReadOnly(!!disabled);
  }, [disabled]);

  const replaceSelection = (make: (selected: string) => { text: string; selectFrom: number; selectTo: number }) => {
    const v = editor.current?.view;
    if (!v) return;
    const { from, to } = v.state.selection.main;
    const r = make(v.state.sliceDoc(from, to));
    v.dispatch({
      changes: { from, to, insert: r.text },
      selection: { anchor: from + r.selectFrom, head: from + r.selectTo },
    });
    v.focus();
  };

  const insertImage = (url: string, remark?: string) => {
    if (!guard()) {
      feedback.message.warning(MARKDOWN_TOO_FAST);
      return false;
    }
    const v = editor.current?.view;
    if (!v) return undefined;
    const { from, to } = v.state.selection.main;
    const line = v.state.doc.lineAt(from);
    const endLine = v.state.doc.lineAt(to);
    const text = asBlock(
      imageMarkdown(url, remark),
      v.state.sliceDoc(line.from, from),
      v.state.sliceDoc(to, endLine.to),
    );
    v.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length } });
    v.focus();
    return undefined;
  };

  const h = typeof height === 'number' ? `${Math.max(height, MARKDOWN_MIN_HEIGHT)}px` : height;
  return (
    <div
      id={id}
      className="j-markdown-editor"
      style={{
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        ...style,
        ...(full ? { ...FULL_SCREEN_STYLE, display: 'flex', flexDirection: 'column' } : undefined),
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', padding: 4, borderBottom: '1px solid #f0f0f0' }}>
        <Space size={2} wrap>
          {MARKS.map((m) => (
            <Tooltip key={m.mark} title={m.title}>
              <Button
                type="text"
                size="small"
                aria-label={m.title}
                icon={m.icon}
                disabled={disabled || view === 'preview'}
                onClick={() => replaceSelection((s) => applyMark(m.mark, s))}
              />
            </Tooltip>
          ))}
          <Tooltip title="插入图片">
            <Button
              type="text"
              size="small"
              aria-label="插入图片"
              icon={<PictureOutlined />}
              disabled={disabled || view === 'preview'}
              onClick={() => setImageOpen(true)}
            />
          </Tooltip>
        </Space>
        <Space size={4}>
          <Radio.Group
            size="small"
            optionType="button"
            value={view}
            onChange={(e) => setView(e.target.value)}
            options={[
              { value: 'edit', label: '编辑' },
              { value: 'split', label: '分屏' },
              { value: 'preview', label: '预览' },
            ]}
          />
          <Tooltip title={full ? '退出全屏' : '全屏'}>
            <Button
              type="text"
              size="small"
              aria-label={full ? '退出全屏' : '全屏'}
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() => setFull(!full)}
            />
          </Tooltip>
        </Space>
      </div>
      <div
        style={{
          display: 'flex',
          height: full ? undefined : h,
          flex: full ? 1 : undefined,
          minHeight: MARKDOWN_MIN_HEIGHT,
        }}
      >
        <div
          ref={host}
          className="j-markdown-input"
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', display: view === 'preview' ? 'none' : undefined }}
        />
        {view !== 'edit' && (
          <JMarkdownView
            value={text}
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'auto',
              padding: '0 12px',
              borderLeft: view === 'split' ? '1px solid #f0f0f0' : undefined,
            }}
          />
        )}
      </div>
      <ImageInsertModal
        open={imageOpen}
        title="插入图片"
        withRemark
        biz={biz}
        onCancel={() => setImageOpen(false)}
        onOk={({ path, remark }) => insertImage(fileUrl(path), remark)}
      />
    </div>
  );
}

export default JMarkdownEditor;
