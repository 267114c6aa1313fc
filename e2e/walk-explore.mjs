import { chromium, devices } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ ...devices['iPhone X'], reducedMotion: 'reduce' });
const p = await ctx.newPage();
p.on('console', (m) => m.type() === 'error' && console.log('console:', m.text().slice(0, 200)));
p.on('pageerror', (e) => console.log('pageerror:', e.message.slice(0, 200)));
const base = 'http://127.0.0.1:18084';
await p.goto(base + '/user/login');
await p.getByPlaceholder('请输入帐户名').fill('admin');
await p.getByPlaceholder('请输入密码').fill('123456');
await p.getByPlaceholder('请输入验证码').fill('0000');
await p.locator('button.login-submit').click();
await p.waitForURL(/dashboard/);
const shots = process.argv.slice(2);
for (const s of shots) {
  const [name, path, action] = s.split('|');
  await p.goto(base + path);
  await p.waitForLoadState('networkidle'); await p.locator('.answer-content').first().waitFor(); await p.waitForTimeout(800);
  if (action === 'add') { await p.getByRole('button', { name: /添加用户|新\s*增/ }).first().click(); await p.waitForTimeout(800); }
  if (action === 'date') { await p.locator('.ant-picker').first().click(); await p.waitForTimeout(800); }
  const info = await p.evaluate(() => {
    const r = (el) => el ? (({ x, width }) => ({ x: Math.round(x), w: Math.round(width) }))(el.getBoundingClientRect()) : null;
    return { modal: r(document.querySelector('.ant-modal')), picker: r(document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')), act: [...document.querySelectorAll('.ant-table-cell-fix-right')].slice(1, 2).map(r), sw: document.scrollingElement.scrollWidth };
  });
  console.log(name, JSON.stringify(info));
  await p.screenshot({ path: `/tmp/walk-pw/${name}.png` });
}
await b.close();
