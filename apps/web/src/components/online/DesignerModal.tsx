import { Spin } from 'antd';
import { type ReactNode, type RefObject, useEffect, useState } from 'react';
import { KitModal } from '../kit';

/**
 * The 新增 / 编辑 frame of the online designers (Online表单开发, Online报表配置): a 1200 px modal whose 确定 saves, a
 * spinner while the definition loads and a test id on the body.
 */
export function DesignerModal({
  isEdit,
  open,
  loading,
  saving,
  testId,
  onClose,
  onSave,
  fill,
  children,
}: {
  isEdit: boolean;
  open: boolean;
  loading: boolean;
  saving: boolean;
  testId: string;
  onClose: () => void;
  onSave: () => void;
  /** the body fills the window's height; a child with the class `kit-modal-grow` takes what is left (KitModal) */
  fill?: boolean;
  children: ReactNode;
}) {
  return (
    <KitModal
      title={isEdit ? '编辑' : '新增'}
      open={open}
      width={1200}
      onCancel={onClose}
      onOk={onSave}
      confirmLoading={saving}
      fill={fill}
    >
      <Spin spinning={loading}>
        <div data-testid={testId} className={fill ? 'kit-modal-column' : undefined}>
          {children}
        </div>
      </Spin>
    </KitModal>
  );
}

/**
 * Row height of the designers' field grids: one line of text or one input per cell, so denser than the editable
 * table's 61 px default (spec §9) — at 1366×768 the grid shows 7 fields instead of 4 (issue 29).
 */
export const DESIGNER_ROW_HEIGHT = 42;

/** the grid's own height before its box is measured (and where nothing is measured, e.g. a test DOM) */
const GRID_HEIGHT_UNMEASURED = 360;

/**
 * The height a JVxeTable in `box` may take (issue 29): the box's height (it grows with the dialog's body, KitModal
 * `fill`) less the grid's frame (its toolbar, the scroll area's borders). Followed as the window or the head form changes.
 */
export function useFillHeight(box: RefObject<HTMLDivElement | null>, active: boolean, content: string): number {
  const [height, setHeight] = useState(GRID_HEIGHT_UNMEASURED);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` (the tab) changes what sits above the grid
  useEffect(() => {
    const el = box.current;
    if (!active || !el || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      // the grid's frame: its toolbar above the scroll area and the scroll area's borders
      const root = el.querySelector<HTMLElement>('.jvxe-table');
      const scroll = root?.querySelector<HTMLElement>('.jvxe-scroll');
      const own = scroll ? Number.parseFloat(scroll.style.height) : Number.NaN;
      const frame = root && Number.isFinite(own) ? root.getBoundingClientRect().height - own : 0;
      const h = Math.floor(el.clientHeight - frame);
      if (h > 0) setHeight(h);
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    measure();
    return () => ro.disconnect();
  }, [box, active, content]);
  return height;
}
