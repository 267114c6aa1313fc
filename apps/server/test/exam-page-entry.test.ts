import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

// The candidates' answering page is an entry of its own (ADR 071): /exam and its sub-paths get exam.html, every
// other page path the console's index.html.

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(webDist, 'exam.html'), '<!doctype html><title>exam</title>');
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.req({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};

describe('answering page entry', () => {
  it('serves exam.html for /exam and its paths, with or without a query', async () => {
    for (const url of ['/exam', '/exam/', '/exam/login?redirect=%2Fexam', '/exam/e1/answer', '/exam/e1/result/a1']) {
      expect(await page(url)).toContain('<title>exam</title>');
    }
  });

  it('serves the console for every other page path, including look-alikes', async () => {
    for (const url of ['/', '/user/login', '/examination', '/answer/exam', '/dashboard/analysis']) {
      expect(await page(url)).toContain('<title>console</title>');
    }
  });
});
