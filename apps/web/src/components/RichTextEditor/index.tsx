import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';

export type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(() => import('./RichTextEditor'));

/** The rich text editor, loaded on demand (the editor library stays out of the pages that do not edit rich text). */
export function RichTextEditor(props: RichTextEditorProps) {
  const height = props.height ?? 300;
  return (
    <Suspense
      fallback={
        <div className="answer-rte-loading" style={{ height: height + 40, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

export default RichTextEditor;
