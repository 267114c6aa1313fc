import { describe, expect, it } from 'vitest';
import {
  clampPage,
  clampZoom,
  fitWidthScale,
  initialPdfNav,
  PDF_MESSAGES,
  type PdfNavAction,
  parsePageInput,
  pdfNavAbility,
  pdfNavReducer,
  zoomStep,
} from './pdf-logic';

const run = (...actions: PdfNavAction[]) => actions.reduce(pdfNavReducer, initialPdfNav);

describe('PDF page navigation', () => {
  it('starts on page 1 once loaded; next / prev / first / last stay within 1..total', () => {
    expect(run({ type: 'loaded', total: 3 })).toMatchObject({ page: 1, total: 3 });
    expect(run({ type: 'loaded', total: 3 }, { type: 'prev' }).page).toBe(1);
    expect(run({ type: 'loaded', total: 3 }, { type: 'next' }, { type: 'next' }, { type: 'next' }).page).toBe(3);
    expect(run({ type: 'loaded', total: 3 }, { type: 'last' }, { type: 'prev' }).page).toBe(2);
    expect(run({ type: 'loaded', total: 3 }, { type: 'last' }, { type: 'first' }).page).toBe(1);
    expect(run({ type: 'loaded', total: 3 }, { type: 'goto', page: 9 }).page).toBe(3);
    expect(run({ type: 'loaded', total: 3 }, { type: 'goto', page: -2 }).page).toBe(1);
    expect(run({ type: 'loaded', total: 0 }, { type: 'next' }).page).toBe(0);
  });

  it('a new document resets the page but keeps the zoom', () => {
    const s = run({ type: 'loaded', total: 5 }, { type: 'last' }, { type: 'zoomIn' }, { type: 'reset' });
    expect(s).toEqual({ page: 0, total: 0, scale: 1.25 });
    expect(pdfNavReducer(s, { type: 'loaded', total: 2 }).page).toBe(1);
  });

  it('zooms through the steps between 50 % and 300 %', () => {
    expect(run({ type: 'zoomIn' }).scale).toBe(1.25);
    expect(run({ type: 'zoomOut' }, { type: 'zoomOut' }, { type: 'zoomOut' }).scale).toBe(0.5);
    expect(run({ type: 'zoom', scale: 9 }).scale).toBe(3);
    expect(run({ type: 'zoom', scale: 1.333 }, { type: 'zoomIn' }).scale).toBe(1.5);
    expect(run({ type: 'zoomIn' }, { type: 'zoomReset' }).scale).toBe(1);
    expect(zoomStep(3, 1)).toBe(3);
    expect(zoomStep(0.5, -1)).toBe(0.5);
    expect(clampZoom(Number.NaN)).toBe(1);
    expect(clampZoom(0.1)).toBe(0.5);
  });

  it('tells the toolbar what it may do', () => {
    expect(pdfNavAbility(initialPdfNav)).toEqual({ prev: false, next: false, zoomIn: false, zoomOut: false });
    expect(pdfNavAbility(run({ type: 'loaded', total: 2 }))).toEqual({
      prev: false,
      next: true,
      zoomIn: true,
      zoomOut: true,
    });
    expect(
      pdfNavAbility(run({ type: 'loaded', total: 2 }, { type: 'next' }, { type: 'zoom', scale: 3 })),
    ).toMatchObject({
      prev: true,
      next: false,
      zoomIn: false,
    });
  });

  it('accepts a typed page only when it is a whole number within the document', () => {
    expect(parsePageInput(' 2 ', 3)).toBe(2);
    expect(parsePageInput('4', 3)).toBeNull();
    expect(parsePageInput('0', 3)).toBeNull();
    expect(parsePageInput('1.5', 3)).toBeNull();
    expect(parsePageInput('abc', 3)).toBeNull();
    expect(PDF_MESSAGES.badPage(3)).toBe('请输入 1 到 3 之间的页码');
    expect(clampPage(2.7, 3)).toBe(2);
  });

  it('fits the page width into the reading area', () => {
    expect(fitWidthScale(600, 932)).toBe(1.5);
    expect(fitWidthScale(600, 10)).toBe(1);
    expect(fitWidthScale(0, 900)).toBe(1);
    expect(fitWidthScale(100, 5000)).toBe(3);
  });
});
