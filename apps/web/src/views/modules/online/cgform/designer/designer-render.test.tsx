import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../../../test/mock-api';
import { CgformDesigner } from './CgformDesigner';
import { SyncDbModal } from './SyncDbModal';

vi.setConfig({ testTimeout: 30_000 });

const HEAD = {
  id: 'h1',
  tableName: 'demo_a',
  tableTxt: '演示',
  tableType: 1,
  isCheckbox: 'Y',
  isPage: 'Y',
  isTree: 'N',
  queryMode: 'single',
  isDbSynch: 'Y',
  themeTemplate: 'normal',
  formTemplate: '1',
};
const FIELDS = [
  {
    id: 'f0',
    dbFieldName: 'id',
    dbFieldTxt: '主键',
    dbIsKey: 1,
    dbIsNull: 0,
    dbType: 'string',
    dbLength: 36,
    orderNum: 0,
  },
  {
    id: 'f1',
    dbFieldName: 'name',
    dbFieldTxt: '名称',
    dbType: 'string',
    dbLength: 50,
    orderNum: 1,
    fieldValidType: '^a+$',
  },
];

const api = mockApi({
  signedIn: true,
  route: ({ path }) => {
    if (path.endsWith('/head/queryById')) return json(HEAD);
    if (path.endsWith('/field/listByHeadId')) return json(FIELDS);
    if (path.endsWith('/index/listByHeadId')) return json([]);
    return json(null, { message: '操作成功' });
  },
});
const { calls, fb } = api;

const callsTo = (part: string) => calls.filter((c) => c.path.includes(part));

describe('同步数据库', () => {
  it('a destructive change: the server’s losses are listed, 确认同步 re-sends with confirm', async () => {
    api.override = (c) =>
      c.url.pathname.includes('/doDbSynch/') && !c.body?.confirm
        ? json(
            { needConfirm: true, losses: ['删除字段 remark（其中的数据将丢失）'] },
            { success: false, code: 500, message: '同步将造成数据丢失，请确认后再同步：删除字段 remark' },
          )
        : undefined;
    const onDone = vi.fn();
    render(<SyncDbModal head={{ ...HEAD }} onClose={vi.fn()} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: '开始同步' }));
    const losses = await screen.findByTestId('cgform-sync-losses');
    expect(within(losses).getByText('删除字段 remark（其中的数据将丢失）')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(callsTo('/doDbSynch/h1')[0]?.body).toEqual({ synMethod: '1' });
    fireEvent.click(screen.getByRole('button', { name: '确认同步' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(callsTo('/doDbSynch/h1')[1]?.body).toEqual({ synMethod: '1', confirm: true });
  });

  it('强制同步 sends synMethod 0; a plain refusal is shown as the server wrote it', async () => {
    api.override = (c) =>
      c.url.pathname.includes('/doDbSynch/')
        ? json(null, { success: false, code: 500, message: '表名「sys_user」是系统保留的名称，不能同步' })
        : undefined;
    render(<SyncDbModal head={{ ...HEAD }} onClose={vi.fn()} onDone={vi.fn()} />);
    fireEvent.click(screen.getByText(/强制同步/));
    expect(screen.getByText('强制同步会删除表中的全部数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开始同步' }));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith('表名「sys_user」是系统保留的名称，不能同步'));
    expect(callsTo('/doDbSynch/h1')[0]?.body).toEqual({ synMethod: '0' });
    expect(screen.queryByTestId('cgform-sync-losses')).toBeNull();
  });
});

describe('designer modal', () => {
  it('edit loads the definition and 确定 PUTs editAll with the head id, the fields in order and the custom pattern', async () => {
    const onSaved = vi.fn();
    render(<CgformDesigner open headId="h1" onClose={vi.fn()} onSaved={onSaved} />);
    expect(await screen.findByDisplayValue('demo_a')).toBeTruthy();
    await waitFor(() => expect(callsTo('/field/listByHeadId')[0]?.url.searchParams.get('headId')).toBe('h1'));
    await screen.findByText('名称');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = callsTo('/api/editAll')[0];
    expect(put?.method).toBe('PUT');
    const body = put?.body as { head: Record<string, unknown>; fields: Record<string, unknown>[]; indexs: unknown[] };
    expect(body.head).toMatchObject({ id: 'h1', tableName: 'demo_a', tableTxt: '演示', tableType: 1 });
    expect(body.fields.map((f) => [f.id, f.dbFieldName, f.orderNum])).toEqual([
      ['f0', 'id', 0],
      ['f1', 'name', 1],
    ]);
    expect(body.fields[1]).toMatchObject({ fieldValidType: '^a+$', dbIsNull: 1, fieldShowType: 'text' });
    expect(body).not.toHaveProperty('deleteFieldIds');
  });

  it('a new definition starts with the system columns; an invalid table name is refused before any call', async () => {
    render(<CgformDesigner open headId={null} onClose={vi.fn()} onSaved={vi.fn()} />);
    for (const n of ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code'])
      expect(await screen.findByText(n)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('表名'), { target: { value: '9abc' } });
    fireEvent.change(screen.getByLabelText('表描述'), { target: { value: '演示' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('表名须以小写字母开头，只含小写字母、数字和下划线，最长63位')).toBeTruthy();
    expect(callsTo('/api/addAll')).toHaveLength(0);
  });

  it('a table name another definition (or the system) holds is refused when the field is left', async () => {
    api.override = (c) =>
      c.url.pathname.endsWith('/head/checkOnlyTable')
        ? json(c.url.searchParams.get('tbname') === 'test_demo' ? -1 : 1)
        : undefined;
    render(<CgformDesigner open headId={null} onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByText('sys_org_code');
    const input = screen.getByLabelText('表名');
    fireEvent.change(input, { target: { value: 'test_demo' } });
    fireEvent.blur(input);
    expect(await screen.findByText('表名已存在，或是系统保留的名称，请换一个表名')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'test_free' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByText('表名已存在，或是系统保留的名称，请换一个表名')).toBeNull());
    expect(callsTo('/head/checkOnlyTable').map((c) => c.url.searchParams.get('tbname'))).toEqual([
      'test_demo',
      'test_free',
    ]);
  });

  it('the server’s refusal is shown verbatim in the designer', async () => {
    api.override = (c) =>
      c.url.pathname.endsWith('/api/addAll')
        ? json(null, {
            success: false,
            code: 500,
            message: '表名「sys_log」是系统保留的名称（或以系统保留前缀开头），请换一个表名',
          })
        : undefined;
    const onSaved = vi.fn();
    render(<CgformDesigner open headId={null} onClose={vi.fn()} onSaved={onSaved} />);
    await screen.findByText('sys_org_code');
    fireEvent.change(screen.getByLabelText('表名'), { target: { value: 'sys_log' } });
    fireEvent.change(screen.getByLabelText('表描述'), { target: { value: '日志' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    const alert = await screen.findByTestId('cgform-designer-errors');
    expect(alert.textContent).toContain('表名「sys_log」是系统保留的名称（或以系统保留前缀开头），请换一个表名');
    expect(onSaved).not.toHaveBeenCalled();
    const body = callsTo('/api/addAll')[0]?.body as { fields: { dbFieldName: string }[] };
    expect(body.fields.map((f) => f.dbFieldName)).toEqual([
      'id',
      'create_by',
      'create_time',
      'update_by',
      'update_time',
      'sys_org_code',
    ]);
  });
});
