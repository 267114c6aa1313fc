import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeRecord } from '../api/header';
import { DynamicNoticeModal, type NoticeViewProps } from './DynamicNoticeModal';

// a registry with one extra page that shows what it was given; everything else is the real registry
vi.mock('../app/views', async () => {
  const actual = await vi.importActual<typeof import('../app/views')>('../app/views');
  const Probe = ({ busId, formData }: NoticeViewProps) => (
    <div data-testid="probe">{`busId=${busId} formData.id=${formData?.id}`}</div>
  );
  return {
    ...actual,
    hasView: (c: string) => c === 'demo/Probe' || actual.hasView(c),
    viewLoader: (c: string) => (c === 'demo/Probe' ? () => Promise.resolve({ default: Probe }) : actual.viewLoader(c)),
  };
});

const notice = (openPage: string | null): NoticeRecord => ({
  id: 'n1',
  titile: '请审批请假单',
  openType: 'component',
  openPage,
  busId: 'bus-42',
});

function show(record: NoticeRecord | null) {
  const router = createMemoryRouter([
    { path: '/', element: <DynamicNoticeModal record={record} onClose={() => undefined} /> },
  ]);
  return render(<RouterProvider router={router} />);
}

afterEach(cleanup);

describe('DynamicNoticeModal (spec 01 §2.5: openPage names a page, busId is the form id)', () => {
  it('loads the page registered for openPage and gives it busId (and formData.id, as JeecgBoot)', async () => {
    show(notice('/demo/Probe'));
    expect((await screen.findByTestId('probe')).textContent).toBe('busId=bus-42 formData.id=bus-42');
    expect(screen.getByText('请审批请假单')).toBeTruthy();
  });

  it('an openPage without a view shows MODULE_NOT_FOUND inside the dialog', async () => {
    show(notice('leave/LeaveApproveForm'));
    expect(await screen.findByText('MODULE_NOT_FOUND')).toBeTruthy();
    expect(screen.getByText('leave/LeaveApproveForm')).toBeTruthy();
    // the dialog has its own close; no 返回首页 inside it
    expect(screen.queryByText('返回首页')).toBeNull();
  });

  it('is closed without a record', () => {
    show(null);
    expect(screen.queryByText('MODULE_NOT_FOUND')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
