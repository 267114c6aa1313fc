import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget, WIDGETS } from '../kit/widgets';
import { installMatchMedia } from '../list/test-dom';

installMatchMedia();
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();
afterEach(cleanup);

describe('the issue-14 widgets in the kit registry', () => {
  it('are registered lazily', () => {
    for (const name of ['pca', 'markdown', 'code', 'image-tabs', 'image-preview']) {
      const c = WIDGETS[name]?.component as { preload?: unknown; isLoaded?: () => boolean } | undefined;
      expect(typeof c?.preload, name).toBe('function');
    }
    expect(WIDGETS.pca.picked).toBe(true);
  });

  it('render through renderWidget once their code loads', async () => {
    const { container } = render(
      <div>
        {renderWidget({ widget: 'pca', label: '省市区', props: { value: '110101' } })}
        {renderWidget({ widget: 'code', label: '代码', props: { value: 'print(1)', language: 'python' } })}
        {renderWidget({ widget: 'markdown', label: '内容', props: { value: '**md**' } })}
        {renderWidget({ widget: 'image-preview', label: '图片', props: { value: 'temp/a.png' } })}
      </div>,
    );
    await waitFor(() => expect(container.textContent).toContain('东城区'), { timeout: 15_000 });
    await waitFor(() => expect(container.querySelector('.j-code-editor .cm-content')?.textContent).toBe('print(1)'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(container.querySelector('.j-markdown-view strong')?.textContent).toBe('md'), {
      timeout: 15_000,
    });
    await waitFor(() => expect(container.querySelector('.j-image-preview img')).toBeTruthy(), { timeout: 15_000 });
  }, 60_000);
});
