/**
 * Pure logic of the PDF viewer (PDF预览): the page shown and the zoom, as a reducer so the toolbar, the keyboard
 * and the page-number input all go through the same rules (pages 1..total, zoom between ZOOM_MIN and ZOOM_MAX).
 */

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const ZOOM_MIN = ZOOM_STEPS[0];
export const ZOOM_MAX = ZOOM_STEPS[ZOOM_STEPS.length - 1];

export const PDF_MESSAGES = {
  loading: '正在加载PDF…',
  loadFailed: 'PDF文件加载失败',
  badPage: (total: number) => `请输入 1 到 ${total} 之间的页码`,
} as const;

export interface PdfNavState {
  /** 1-based; 0 while nothing is loaded */
  page: number;
  total: number;
  scale: number;
}

export const initialPdfNav: PdfNavState = { page: 0, total: 0, scale: 1 };

export type PdfNavAction =
  | { type: 'loaded'; total: number }
  | { type: 'reset' }
  | { type: 'first' | 'prev' | 'next' | 'last' }
  | { type: 'goto'; page: number }
  | { type: 'zoomIn' | 'zoomOut' | 'zoomReset' }
  | { type: 'zoom'; scale: number };

/** a page number within 1..total (0 when there are no pages) */
export function clampPage(page: number, total: number): number {
  if (total < 1) return 0;
  if (!Number.isFinite(page)) return 1;
  return Math.min(total, Math.max(1, Math.trunc(page)));
}

export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 1;
  return Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale)) * 100) / 100;
}

/** the next zoom step above (or below) the current scale */
export function zoomStep(scale: number, dir: 1 | -1): number {
  if (dir > 0) return ZOOM_STEPS.find((s) => s > scale + 1e-6) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((s) => s < scale - 1e-6) ?? ZOOM_MIN;
}

export function pdfNavReducer(state: PdfNavState, action: PdfNavAction): PdfNavState {
  switch (action.type) {
    case 'loaded': {
      const total = Math.max(0, Math.trunc(action.total));
      return { ...state, total, page: total > 0 ? 1 : 0 };
    }
    case 'reset':
      return { ...initialPdfNav, scale: state.scale };
    case 'first':
      return { ...state, page: clampPage(1, state.total) };
    case 'prev':
      return { ...state, page: clampPage(state.page - 1, state.total) };
    case 'next':
      return { ...state, page: clampPage(state.page + 1, state.total) };
    case 'last':
      return { ...state, page: clampPage(state.total, state.total) };
    case 'goto':
      return { ...state, page: clampPage(action.page, state.total) };
    case 'zoomIn':
      return { ...state, scale: zoomStep(state.scale, 1) };
    case 'zoomOut':
      return { ...state, scale: zoomStep(state.scale, -1) };
    case 'zoomReset':
      return { ...state, scale: 1 };
    case 'zoom':
      return { ...state, scale: clampZoom(action.scale) };
    default:
      return state;
  }
}

/** what the toolbar may do now */
export function pdfNavAbility(s: PdfNavState) {
  return {
    prev: s.page > 1,
    next: s.page > 0 && s.page < s.total,
    zoomIn: s.total > 0 && s.scale < ZOOM_MAX,
    zoomOut: s.total > 0 && s.scale > ZOOM_MIN,
  };
}

/** a typed page number: the page, or null when it is not a whole number in 1..total */
export function parsePageInput(text: string, total: number): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= total ? n : null;
}

/** the scale at which a page `pageWidth` pt wide fills `boxWidth` px (minus padding) */
export function fitWidthScale(pageWidth: number, boxWidth: number, padding = 32): number {
  if (!(pageWidth > 0) || !(boxWidth > padding)) return 1;
  return clampZoom((boxWidth - padding) / pageWidth);
}
