import { expect, test } from '@playwright/test';
import { openPage, signIn } from './support';

/**
 * 系统监控 / 性能监控 pages against the real server (embedded database; Redis only when the run sets REDIS_URL, which
 * the e2e server inherits). Screenshots at 1366×768.
 */
const withRedis = !!process.env.REDIS_URL;

test.describe('系统监控', () => {
  test('JVM信息 draws the Node runtime charts and refreshes them by itself', async ({ page }) => {
    await signIn(page);
    await openPage(page, '/monitor/jvm');
    await expect(page.getByText('Node 运行时（JVM信息）')).toBeVisible();
    await expect(page.getByText('Node 版本')).toBeVisible();
    const memory = page.getByRole('img', { name: '内存趋势' });
    await expect(memory).toBeVisible();
    // three series; after the first automatic refresh (5 s) each line has two points
    await expect(memory.locator('polyline')).toHaveCount(3);
    await expect
      .poll(async () => ((await memory.locator('polyline').first().getAttribute('points')) ?? '').split(' ').length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('img', { name: '事件循环延迟趋势' }).locator('polyline')).toHaveCount(3);
    await page.screenshot({ path: '/tmp/monitor-JvmInfo.png', fullPage: true });

    // auto-refresh can be switched off: no further samples are fetched
    await page.getByRole('switch').click();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/monitor/node')) calls.push(r.url());
    });
    await page.waitForTimeout(6000);
    expect(calls).toHaveLength(0);
  });

  test('every monitoring page opens (screenshots)', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    const pages: Array<[string, string, string]> = [
      ['/monitor/tomcat', 'HTTP 服务（Tomcat信息）', 'TomcatInfo'],
      ['/monitor/system', 'CPU 使用率（%）', 'SystemInfo'],
      ['/monitor/disk', '挂载点', 'DiskMonitoring'],
      ['/monitor/httpTrace', '每个节点在自己的内存中保存', 'HttpTrace'],
      // embedded mode shows the in-process cache in Redis's shapes (issue 28)
      ['/monitor/redis', withRedis ? 'Redis 服务器版本' : 'Redis 版本', 'RedisInfo'],
      ['/monitor/redisTerminal', '只允许只读命令', 'RedisTerminal'],
      ['/monitor/postgres', '缓存命中率', 'PostgresInfo'],
    ];
    for (const [url, text, name] of pages) {
      await openPage(page, url);
      await expect(page.getByText(text).first()).toBeVisible();
      if (name === 'SystemInfo') await expect(page.getByRole('img', { name: /^整机 CPU/ })).toBeVisible();
      if (name === 'HttpTrace') await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      if (name === 'RedisTerminal' && !withRedis) {
        // embedded mode: the page says there is no Redis before a command is typed (issue 29)
        await expect(page.getByTestId('redis-terminal-embedded')).toBeVisible();
        await expect(page.getByLabel('Redis 命令')).toBeDisabled();
      }
      if (name === 'RedisTerminal' && withRedis) {
        const input = page.getByLabel('Redis 命令');
        await input.fill('FLUSHALL');
        await input.press('Enter');
        await expect(page.getByTestId('redis-terminal-output')).toContainText('不允许清空数据');
        await input.fill('DBSIZE');
        await input.press('Enter');
        await expect(page.getByTestId('redis-terminal-output')).toContainText(
          withRedis ? '(integer)' : '(error) 未配置 Redis',
        );
      }
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/monitor-${name}.png`, fullPage: true });
    }
  });
});
