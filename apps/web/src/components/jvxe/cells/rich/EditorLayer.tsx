import { ConfigProvider } from 'antd';
import { type ReactNode, useLayoutEffect, useState } from 'react';

/**
 * The pop-ups of a rich editor (picker modals, popovers, dropdowns) are put in a layer on the body marked as part of
 * the editor (`jvxe-editor`), so the table's "a press outside the edited cell commits" rule does not close the editor
 * while the user works in its modal. The children mount once the layer is on the page.
 */
export function EditorLayer({ children }: { children: ReactNode }) {
  const [holder] = useState(() => {
    if (typeof document === 'undefined') return null;
    const d = document.createElement('div');
    d.className = 'jvxe-editor jvxe-editor-layer';
    return d;
  });
  const [ready, setReady] = useState(false);
  useLayoutEffect(() => {
    if (!holder) return;
    document.body.appendChild(holder);
    setReady(true);
    return () => {
      holder.remove();
    };
  }, [holder]);
  if (!holder || !ready) return null;
  return <ConfigProvider getPopupContainer={() => holder}>{children}</ConfigProvider>;
}
