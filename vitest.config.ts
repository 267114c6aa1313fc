import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One root config: server + contract tests run in node, web tests in jsdom (per-project).
export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores, a single worker on CI's 2-core machine; most test files
    // wait on a database, a spawned server or a socket as much as they compute, so two at once nearly halve the run
    // (npm test 23 → 11 min, the PostgreSQL + Redis suites 14 → 6.5 min; every app has its own database / Redis prefix)
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // platform/fast-sql.ts: every statement is also rendered by drizzle and compared (throws on a difference)
          env: { LIST_RENDER_VERIFY: '1' },
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'bench',
          root: './bench',
          environment: 'node',
          include: ['*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
