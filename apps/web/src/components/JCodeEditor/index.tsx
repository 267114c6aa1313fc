import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { type CSSProperties, useEffect, useRef } from 'react';
import { createEditor, type EditorHandle } from './cm-core';
import { CODE_DEFAULT_HEIGHT, CODE_TAB_SIZE, languageKey } from './code-languages';
import { loadLanguage } from './load-language';
import { FULL_SCREEN_STYLE, useFullScreen } from './useFullScreen';

export * from './code-languages';

export interface JCodeEditorProps {
  value?: string | null;
  onChange?: (value: string) => void;
  /** one of the twelve languages (a CodeMirror 5 mode / MIME name works too); none = plain text */
  language?: string;
  /** @default 240px */
  height?: number | string;
  disabled?: boolean;
  placeholder?: string;
  /** @default 2 */
  tabSize?: number;
  lineNumbers?: boolean;
  /** show a 全屏 / 退出全屏 button (Escape leaves full screen) @default false */
  fullScreen?: boolean;
  style?: CSSProperties;
  id?: string;
}

/** Code editor (JeecgBoot JCodeEditor) on CodeMirror 6; the language's grammar is loaded when first used. */
export function JCodeEditor({
  value,
  onChange,
  language,
  height = CODE_DEFAULT_HEIGHT,
  disabled,
  placeholder,
  tabSize = CODE_TAB_SIZE,
  lineNumbers,
  fullScreen,
  style,
  id,
}: JCodeEditorProps) {
  const [full, setFull] = useFullScreen();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount; value / language / disabled follow below
  useEffect(() => {
    if (!host.current) return;
    editor.current = createEditor({
      parent: host.current,
      doc: value ?? '',
      tabSize,
      lineNumbers,
      readOnly: disabled,
      placeholder,
      onChange: (doc) => change.current?.(doc),
    });
    return () => {
      editor.current?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    editor.current?.setDoc(value ?? '');
  }, [value]);

  useEffect(() => {
    editor.current?.setReadOnly(!!disabled);
  }, [disabled]);

  useEffect(() => {
    const key = languageKey(language);
    if (!key) {
      editor.current?.setLanguage([]);
      return;
    }
    let alive = true;
    loadLanguage(key).then(
      (ext) => alive && editor.current?.setLanguage(ext),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [language]);

  return (
    <div
      id={id}
      className="j-code-editor"
      data-language={languageKey(language) ?? 'text'}
      style={{
        position: 'relative',
        height,
        border: '1px solid var(--ant-color-border, #d9d9d9)',
        borderRadius: 6,
        overflow: 'hidden',
        ...style,
        ...(full ? FULL_SCREEN_STYLE : undefined),
      }}
    >
      <div ref={host} style={{ height: '100%' }} />
      {fullScreen && (
        <Tooltip title={full ? '退出全屏' : '全屏'}>
          <Button
            size="small"
            type="text"
            aria-label={full ? '退出全屏' : '全屏'}
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            style={{ position: 'absolute', top: 4, right: 4, zIndex: 2 }}
            onClick={() => setFull(!full)}
          />
        </Tooltip>
      )}
    </div>
  );
}

export default JCodeEditor;
