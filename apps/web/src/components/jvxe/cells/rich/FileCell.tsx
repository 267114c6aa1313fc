import {
  CheckCircleFilled,
  ExclamationCircleFilled,
  LoadingOutlined,
  PaperClipOutlined,
  PictureOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { fileUrl } from '../../../../api/http';
import { feedback } from '../../../../utils/feedback';
import type { CellDisplayProps } from '../../types';
import { columnExtend } from './extend';
import {
  FILE_CELL_TEXT,
  type FileCellValue,
  fileMenu,
  firstPath,
  parseFileValue,
  statusTip,
  uploadErrorDialog,
  uploadNumber,
} from './file-logic';
import { abortCellUpload, refuseFile, uploadIntoCell } from './file-upload';
import './rich.css';

export type FileCellKind = 'file' | 'image' | 'upload';

/** the file pop-up of a multi-file cell: loaded only when opened (the cell itself stays plain DOM) */
const FilePop = lazy(() => import('./FilePop'));
type MenuKey = 'download' | 'remove' | 'more';

/**
 * The file / image / upload cell (spec 02 §4 "File cell"), plain DOM only (it is shown in every visible row):
 * no file → the upload button; a file → a read-only name box with the status icon (spinner and percent while
 * uploading, green check 上传完成, red warning with the message or 上传失败) and a settings menu 下载 / 删除
 * (each hidden when the column's allowDownload / allowRemove is false); 删除 clears the cell.
 */
export function FileCellView({ kind, ...props }: CellDisplayProps & { kind: FileCellKind }) {
  const { column, rowId, api, disabled } = props;
  const value = parseFileValue(props.value);
  const inputRef = useRef<HTMLInputElement>(null);
  const set = (v: FileCellValue | null) => {
    if (props.onChange) props.onChange(v);
    else api.setCell(rowId, column.key, v);
  };
  const readOnly = disabled || column.disabled === true;
  // fieldExtendJson uploadnum > 1: the cell takes several files, chosen in the file pop-up (JeecgBoot 更多)
  const popNumber = readOnly ? 0 : uploadNumber(columnExtend(column));
  const [popOpen, setPopOpen] = useState(false);
  const pop = popOpen ? (
    <Suspense fallback={null}>
      <FilePop
        kind={kind === 'image' ? 'image' : 'file'}
        value={value?.status === 'done' ? (value.path ?? '') : ''}
        number={popNumber}
        onCancel={() => setPopOpen(false)}
        onOk={(path) => {
          setPopOpen(false);
          set(parseFileValue(path));
        }}
      />
    </Suspense>
  ) : null;

  const pick = (file: File | undefined) => {
    if (!file) return;
    const refused = refuseFile(kind, file);
    if (refused) {
      feedback.message.warning(refused);
      return;
    }
    // the upload reports through the table (setCell), so it settles even when the row scrolls out of view
    void uploadIntoCell(rowId, file, column, (v) => api.setCell(rowId, column.key, v));
  };

  if (!value) {
    if (readOnly) return <span className="jvxe-file-empty" />;
    return (
      <span className="jvxe-file-cell">
        <button
          type="button"
          className="jvxe-file-btn"
          onClick={(e) => {
            e.stopPropagation();
            if (popNumber) setPopOpen(true);
            else inputRef.current?.click();
          }}
        >
          {kind === 'image' ? <PictureOutlined /> : <UploadOutlined />}
          <span>{kind === 'image' ? FILE_CELL_TEXT.imageButton : FILE_CELL_TEXT.button}</span>
        </button>
        <input
          ref={inputRef}
          type="file"
          hidden
          accept={kind === 'image' ? 'image/*' : undefined}
          data-testid="jvxe-file-input"
          onChange={(e) => {
            pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {pop}
      </span>
    );
  }

  const tip = statusTip(value);
  const menu: { key: MenuKey; label: string }[] = readOnly
    ? fileMenu({ allowDownload: column.allowDownload, allowRemove: false }, value)
    : fileMenu(column, value);
  if (popNumber && value.status !== 'uploading') menu.push({ key: 'more', label: FILE_CELL_TEXT.more });
  const thumb = kind === 'image' && value.status === 'done' && value.path ? fileUrl(firstPath(value.path)) : null;
  return (
    <span className={`jvxe-file-cell jvxe-file-${value.status}`}>
      <span className="jvxe-file-box" title={value.name}>
        <StatusIcon value={value} tip={tip} clip={!thumb} />
        {thumb ? (
          <a href={thumb} target="_blank" rel="noreferrer" onClick={(e) => e.stopPropagation()}>
            <img className="jvxe-file-thumb" src={thumb} alt={value.name} />
          </a>
        ) : null}
        {thumb ? null : <span className="jvxe-file-name">{value.name}</span>}
        {value.status === 'uploading' ? (
          <span className="jvxe-file-percent">{Math.floor(value.percent ?? 0)}%</span>
        ) : null}
      </span>
      {menu.length ? (
        <FileMenu
          items={menu}
          onPick={(key) => {
            if (key === 'remove') {
              abortCellUpload(rowId, column.key);
              set(null);
            } else if (key === 'more') setPopOpen(true);
            else if (value.path) download(value.path);
          }}
        />
      ) : null}
      {pop}
    </span>
  );
}

/** A click on the red warning: the 上传出错 dialog with 错误信息：message (spec 02 §8), closed by the mask too. */
function showUploadError(value: FileCellValue) {
  const dialog = uploadErrorDialog(value);
  if (dialog) feedback.modal.error(dialog);
}

function StatusIcon({ value, tip, clip }: { value: FileCellValue; tip: string; clip: boolean }) {
  if (value.status === 'uploading')
    return (
      <span className="jvxe-file-icon" title={tip} role="img" aria-label={tip}>
        <LoadingOutlined spin />
      </span>
    );
  if (value.status === 'error')
    return (
      <span
        className="jvxe-file-icon jvxe-file-icon-error"
        title={tip}
        role="img"
        aria-label={tip}
        onClick={(e) => {
          e.stopPropagation();
          showUploadError(value);
        }}
      >
        <ExclamationCircleFilled />
      </span>
    );
  return (
    <span className="jvxe-file-icon jvxe-file-icon-done" title={tip} role="img" aria-label={tip}>
      <CheckCircleFilled />
      {clip ? <PaperClipOutlined className="jvxe-file-clip" /> : null}
    </span>
  );
}

/**
 * A small native menu (the settings button of the name box). The list is put on the body at the button's place, so
 * the row's clipping does not cut it; it follows the button on scroll and closes on an outside press and on Esc.
 */
function FileMenu({ items, onPick }: { items: { key: MenuKey; label: string }[]; onPick: (key: MenuKey) => void }) {
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const btn = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!at) return;
    const close = (e: Event) => {
      const t = e.target as Node;
      if (list.current?.contains(t) || btn.current?.contains(t)) return;
      setAt(null);
    };
    // a scroll (the table bringing the cell into view) moves the list with its button
    const follow = () => {
      const b = btn.current;
      if (!b?.isConnected) {
        setAt(null);
        return;
      }
      setAt(placeOf(b));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setAt(null);
    };
    document.addEventListener('mousedown', close);
    window.addEventListener('scroll', follow, true);
    window.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      window.removeEventListener('scroll', follow, true);
      window.removeEventListener('keydown', onKey);
    };
  }, [at]);
  const toggle = () => {
    if (at) {
      setAt(null);
      return;
    }
    setAt(btn.current ? placeOf(btn.current) : { top: 0, left: 0 });
  };
  return (
    <span className="jvxe-file-menu">
      <button
        ref={btn}
        type="button"
        className="jvxe-file-menu-btn"
        aria-label="文件操作"
        aria-expanded={!!at}
        onClick={(e) => {
          e.stopPropagation();
          toggle();
        }}
      >
        <SettingOutlined />
      </button>
      {at
        ? createPortal(
            <div ref={list} className="jvxe-file-menu-list" role="menu" style={{ top: at.top, left: at.left }}>
              {items.map((it) => (
                <button
                  key={it.key}
                  type="button"
                  role="menuitem"
                  onClick={(e) => {
                    e.stopPropagation();
                    setAt(null);
                    onPick(it.key);
                  }}
                >
                  {it.label}
                </button>
              ))}
            </div>,
            document.body,
          )
        : null}
    </span>
  );
}

function placeOf(b: HTMLElement): { top: number; left: number } {
  const r = b.getBoundingClientRect();
  return { top: r.bottom + 4, left: Math.max(4, r.right - 88) };
}

/** 下载: the first stored path through the static domain (an http URL as it is), in a new tab. */
function download(path: string) {
  const url = fileUrl(firstPath(path));
  if (!url) return;
  window.open(url, '_blank', 'noopener');
}
