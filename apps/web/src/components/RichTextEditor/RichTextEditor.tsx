import {
  BoldOutlined,
  ClearOutlined,
  FileImageOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Input, Modal, Select, Tooltip } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { fileUrl } from '../../api/http';
import { ImageInsertModal } from '../JImageUploadTabs/ImageInsertModal';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML */
  value?: string | null;
  onChange?: (html: string) => void;
  /** editing area height @default 300 */
  height?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** upload folder of inserted images @default 'jeditor' (JeecgBoot's editor folder; `temp` is for scratch uploads) */
  biz?: string;
}

/** http(s), mailto, tel or an internal path; anything else is refused by the link dialog (and by the server) */
export function isAllowedLink(href: string): boolean {
  const v = href.trim();
  return /^(https?:\/\/|mailto:|tel:)/i.test(v) || /^\/(?![/\\])/.test(v);
}

const EMPTY = '<p></p>';

const LINK_OPTIONS = {
  openOnClick: false,
  autolink: true,
  protocols: ['http', 'https', 'mailto', 'tel'],
  isAllowedUri: (url: string) => isAllowedLink(url),
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
};

function ToolButton({
  title,
  icon,
  active,
  disabled,
  onClick,
}: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/**
 * Rich text editor (tiptap, loaded on demand through ./index.tsx): paragraph/heading, bold, italic, underline,
 * strikethrough, lists, quote, links, clear formatting, undo/redo; labels in Chinese. The value is HTML; what the
 * server keeps is its sanitised form (security rule 8).
 */
export default function RichTextEditor({
  value,
  onChange,
  height = 300,
  placeholder = '请输入内容',
  disabled,
  id,
  biz = 'jeditor',
}: RichTextEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkHref, setLinkHref] = useState('');
  const [linkError, setLinkError] = useState('');
  // stable options: tiptap compares them on every render and would otherwise reconfigure the editor each time
  const extensions = useMemo(() => [StarterKit.configure({ link: LINK_OPTIONS }), Image], []);
  const editorProps = useMemo(
    () => ({
      attributes: {
        class: 'answer-rte-content',
        'aria-label': placeholder,
        'data-placeholder': placeholder,
        ...(id ? { id } : {}),
      },
    }),
    [placeholder, id],
  );
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions,
    content: value || '',
    editable: !disabled,
    immediatelyRender: true,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChangeRef.current?.(html === EMPTY ? '' : html);
    },
  });

  // a value set from outside (form reset, loading a record) replaces the content; a destroyed instance (the page was
  // hidden by the keep-alive tabs and shown again) is skipped: tiptap hands out a fresh one on the next render
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    const next = value || '';
    if (next !== current && !(next === '' && current === EMPTY)) {
      editor.commands.setContent(next, { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      !e || e.isDestroyed
        ? null
        : {
            bold: e?.isActive('bold') ?? false,
            italic: e?.isActive('italic') ?? false,
            underline: e?.isActive('underline') ?? false,
            strike: e?.isActive('strike') ?? false,
            bullet: e?.isActive('bulletList') ?? false,
            ordered: e?.isActive('orderedList') ?? false,
            quote: e?.isActive('blockquote') ?? false,
            link: e?.isActive('link') ?? false,
            block: e?.isActive('heading', { level: 1 })
              ? 'h1'
              : e?.isActive('heading', { level: 2 })
                ? 'h2'
                : e?.isActive('heading', { level: 3 })
                  ? 'h3'
                  : 'p',
            undo: e?.can().undo() ?? false,
            redo: e?.can().redo() ?? false,
            empty: e?.isEmpty ?? true,
          },
  });

  if (!editor || editor.isDestroyed || !state) return null;
  const chain = () => editor.chain().focus();

  const openLink = () => {
    setLinkHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setLinkError('');
    setLinkOpen(true);
  };
  const applyLink = () => {
    const href = linkHref.trim();
    if (!href) {
      chain().extendMarkRange('link').unsetLink().run();
      setLinkOpen(false);
      return;
    }
    if (!isAllowedLink(href)) {
      setLinkError('链接只能是 http(s)、mailto、tel 地址或以 / 开头的系统内路径');
      return;
    }
    chain().extendMarkRange('link').setLink({ href }).run();
    setLinkOpen(false);
  };

  return (
    <div className={`answer-rte${disabled ? ' answer-rte-disabled' : ''}`}>
      <div className="answer-rte-toolbar" role="toolbar" aria-label="编辑工具栏">
        <Select
          size="small"
          value={state.block}
          style={{ width: 92 }}
          disabled={disabled}
          aria-label="段落格式"
          onChange={(v) => {
            if (v === 'p') chain().setParagraph().run();
            else
              chain()
                .toggleHeading({ level: Number(v.slice(1)) as 1 | 2 | 3 })
                .run();
          }}
          options={[
            { value: 'p', label: '正文' },
            { value: 'h1', label: '标题 1' },
            { value: 'h2', label: '标题 2' },
            { value: 'h3', label: '标题 3' },
          ]}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title="加粗"
          icon={<BoldOutlined />}
          active={state.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        />
        <ToolButton
          title="斜体"
          icon={<ItalicOutlined />}
          active={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        />
        <ToolButton
          title="下划线"
          icon={<UnderlineOutlined />}
          active={state.underline}
          disabled={disabled}
          onClick={() => chain().toggleUnderline().run()}
        />
        <ToolButton
          title="删除线"
          icon={<StrikethroughOutlined />}
          active={state.strike}
          disabled={disabled}
          onClick={() => chain().toggleStrike().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title="无序列表"
          icon={<UnorderedListOutlined />}
          active={state.bullet}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          title="有序列表"
          icon={<OrderedListOutlined />}
          active={state.ordered}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          title="引用"
          icon={<span className="answer-rte-quote">“</span>}
          active={state.quote}
          disabled={disabled}
          onClick={() => chain().toggleBlockquote().run()}
        />
        <ToolButton
          title="插入链接"
          icon={<LinkOutlined />}
          active={state.link}
          disabled={disabled}
          onClick={openLink}
        />
        <ToolButton
          title="插入图片"
          icon={<FileImageOutlined />}
          disabled={disabled}
          onClick={() => setImageOpen(true)}
        />
        <ToolButton
          title="清除格式"
          icon={<ClearOutlined />}
          disabled={disabled}
          onClick={() => chain().unsetAllMarks().clearNodes().run()}
        />
        <Divider orientation="vertical" />
        <ToolButton
          title="撤销"
          icon={<UndoOutlined />}
          disabled={disabled || !state.undo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          title="重做"
          icon={<RedoOutlined />}
          disabled={disabled || !state.redo}
          onClick={() => chain().redo().run()}
        />
      </div>
      <div className="answer-rte-body" style={{ height }}>
        {state.empty && <div className="answer-rte-placeholder">{placeholder}</div>}
        <EditorContent editor={editor} />
      </div>
      <Modal
        title="插入链接"
        open={linkOpen}
        onOk={applyLink}
        onCancel={() => setLinkOpen(false)}
        okText="确定"
        cancelText="取消"
        width={420}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={linkHref}
          placeholder="https:// 或 /系统内路径（留空则移除链接）"
          status={linkError ? 'error' : undefined}
          onChange={(e) => {
            setLinkHref(e.target.value);
            setLinkError('');
          }}
          onPressEnter={applyLink}
        />
        {linkError && <div className="answer-rte-error">{linkError}</div>}
      </Modal>
      <ImageInsertModal
        open={imageOpen}
        title="插入图片"
        withRemark
        biz={biz}
        onOk={({ path, remark }) => {
          chain()
            .setImage({ src: fileUrl(path), alt: remark || undefined })
            .run();
          setImageOpen(false);
          return undefined;
        }}
        onCancel={() => setImageOpen(false)}
      />
    </div>
  );
}
