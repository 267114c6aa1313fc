import { HOME_PATH } from '@answer/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { installMatchMedia } from '../list/test-dom';
import { ExceptionPage } from '.';

installMatchMedia();
afterEach(cleanup);

describe('ExceptionPage', () => {
  it.each([
    ['403', '抱歉，你无权访问该页面'],
    ['404', '抱歉，你访问的页面不存在或仍在开发中'],
    ['500', '抱歉，服务器出错了'],
  ] as const)('%s shows its message, and 返回首页 goes home', (status, text) => {
    render(
      <MemoryRouter initialEntries={['/x']}>
        <Routes>
          <Route path="/x" element={<ExceptionPage status={status} />} />
          <Route path={HOME_PATH} element={<p>首页到了</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText(text)).toBeTruthy();
    fireEvent.click(screen.getByText('返回首页'));
    expect(screen.getByText('首页到了')).toBeTruthy();
  });
});
