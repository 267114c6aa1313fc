import { expect, type Page, test } from '@playwright/test';
import { asAdmin, openPage, signIn } from './support';

// 常见案例 → 打印测试 (print layout, window.print, A4 PDF), PDF预览 (an uploaded PDF read with pdf.js: pages, zoom),
// 分屏 (two panes resized by keyboard and pointer, the split kept after F5).

const SHOTS = process.env.E2E_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

/** a small valid PDF of `pages` pages (Helvetica text), with a correct cross-reference table */
function makePdf(pages: number): Buffer {
  const objs: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const content = `BT /F1 36 Tf 72 700 Td (Page ${i + 1} of ${pages}) Tj ET 0 0 1 rg 72 400 300 150 re f`;
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objs.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('打印测试: an A4 print layout of a record; 打印 calls window.print; print media hides the shell; PDF has 2 A4 pages', async ({
  page,
}) => {
  await signIn(page);
  await openPage(page, '/jeecg/PrintDemo');
  const sheet = page.getByRole('article', { name: '打印内容' });
  await expect(sheet.getByRole('heading', { name: '员工信息登记表' })).toBeVisible();
  await expect(sheet.locator('.print-table')).toContainText('姓名');
  await shot(page, 'print-demo');

  await page.evaluate(() => {
    (window as unknown as { __printed: number }).__printed = 0;
    window.print = () => {
      (window as unknown as { __printed: number }).__printed++;
    };
  });
  await page.getByRole('button', { name: /打\s*印/ }).click();
  expect(await page.evaluate(() => (window as unknown as { __printed: number }).__printed)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.answer-sider')).toBeHidden();
  await expect(page.locator('.print-demo-toolbar')).toBeHidden();
  await expect(page.locator('.answer-page-header')).toBeHidden();
  await expect(sheet).toBeVisible();
  await shot(page, 'print-demo-print-media');
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const text = pdf.toString('latin1');
  expect(text.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(2);
  // A4 portrait: 595 × 842 pt
  expect(text).toMatch(/\/MediaBox\s*\[\s*0 0 59[45](\.\d+)? 84[12](\.\d+)?\s*\]/);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.answer-sider')).toBeVisible();
});

test('PDF预览: pick an uploaded PDF, read it page by page, zoom', async ({ page, request }) => {
  const title = `e2e-预览-${Date.now()}.pdf`;
  await asAdmin(request, async (token) => {
    const res = await request.post('/jeecg-boot/sys/common/upload', {
      headers: { 'X-Access-Token': token },
      multipart: { biz: 'temp', file: { name: title, mimeType: 'application/pdf', buffer: makePdf(3) } },
    });
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
  });
  await signIn(page);
  await openPage(page, '/jeecg/jeecgPdfView');
  await expect(page.getByText('请在左侧选择要预览的PDF文件')).toBeVisible();
  await page.getByRole('button', { name: new RegExp(title.replace(/[.]/g, '\\.')) }).click();

  const canvas = page.locator('canvas.j-pdf-canvas');
  await expect(canvas).toHaveAttribute('data-page', '1');
  await expect(page.getByTestId('pdf-total')).toHaveText('3');
  await expect(page.getByRole('document', { name: 'PDF内容' })).toHaveAttribute('aria-busy', 'false');
  const inked = () =>
    canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
      if (!d) return 0;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] < 128 && d[i + 2] > 200) n++; // the blue rectangle
      return n;
    });
  await expect.poll(inked).toBeGreaterThan(1000);
  await shot(page, 'pdf-view');

  await expect(page.getByRole('button', { name: '上一页' })).toBeDisabled();
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(canvas).toHaveAttribute('data-page', '2');
  await page.getByRole('button', { name: '末页' }).click();
  await expect(canvas).toHaveAttribute('data-page', '3');
  await expect(page.getByRole('button', { name: '下一页' })).toBeDisabled();
  const page1 = page.getByRole('textbox', { name: '页码' });
  await page1.fill('9');
  await page1.press('Enter');
  await expect(page.getByText('请输入 1 到 3 之间的页码')).toBeVisible();
  await page1.fill('1');
  await page1.press('Enter');
  await expect(canvas).toHaveAttribute('data-page', '1');

  const width1 = await canvas.evaluate((c) => c.getBoundingClientRect().width);
  await page.getByRole('button', { name: '放大' }).click();
  await expect(page.getByTestId('pdf-zoom')).toHaveText('125%');
  await expect.poll(() => canvas.evaluate((c) => c.getBoundingClientRect().width)).toBeGreaterThan(width1 * 1.2);
  await page.getByRole('button', { name: '缩小' }).click();
  await page.getByRole('button', { name: '缩小' }).click();
  await expect(page.getByTestId('pdf-zoom')).toHaveText('75%');
  // keyboard on the reading area
  await page.getByRole('document', { name: 'PDF内容' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(canvas).toHaveAttribute('data-page', '2');
});

test('分屏: the split moves with the keyboard and the pointer and is kept after F5', async ({ page }) => {
  await signIn(page);
  await openPage(page, '/jeecg/splitPanel');
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('answer:split:')) localStorage.removeItem(k);
  });
  await page.reload();
  const sep = page.getByRole('separator', { name: '调整分屏大小' });
  await expect(sep).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByTestId('split-second')).toContainText('记录详情');
  await shot(page, 'split-panel');

  await sep.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(sep).toHaveAttribute('aria-valuenow', '52');
  await page.keyboard.press('End');
  await expect(sep).toHaveAttribute('aria-valuenow', '80');

  // drag the bar to a quarter of the box
  const box = (await page.locator('.split-pane').boundingBox())!;
  const s = (await sep.boundingBox())!;
  await page.mouse.move(s.x + s.width / 2, s.y + s.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, s.y + 40, { steps: 5 });
  await page.mouse.up();
  const now = Number(await sep.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(28);
  expect(now).toBeLessThan(32);
  const firstWidth = await page
    .getByTestId('split-first')
    .evaluate((e) => e.parentElement!.getBoundingClientRect().width);
  expect(Math.abs(firstWidth - box.width * (now / 100))).toBeLessThan(3);

  await page.reload();
  await expect(page.getByRole('separator', { name: '调整分屏大小' })).toHaveAttribute('aria-valuenow', String(now));
});
