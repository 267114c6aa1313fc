import { describe, expect, it } from 'vitest';
import { getCell } from '../../registry';
import type { JVxeColumn } from '../../types';
import {
  columnExtend,
  departPickerConfig,
  isSingle,
  parseStored,
  splitStored,
  storedText,
  userPickerConfig,
} from './extend';
import {
  acceptsFile,
  FILE_CELL_TEXT,
  type FileCellValue,
  failedUpload,
  fileMenu,
  filePopResult,
  formatFileValue,
  parseFileValue,
  sendsToken,
  settleUpload,
  statusTip,
  uploadErrorDialog,
  uploadingValue,
  uploadNumber,
  uploadTarget,
} from './file-logic';
import { PICKER_MIN_WIDTH, RICH_TYPES } from './index';
import {
  checkPopupConfig,
  clampPage,
  combineRowKey,
  confirmPick,
  ellipsis,
  POPUP_MESSAGES,
  pageRows,
  parseParam,
  parseSorter,
  popupAssignments,
  popupCellText,
  popupDataParams,
  popupMulti,
  toggleRow,
} from './popup-logic';

const col = (over: Partial<JVxeColumn> = {}): JVxeColumn => ({ key: 'f', title: 'F', type: 'file', ...over });

describe('file cell value: loading (parse)', () => {
  it('a path is a done file named after the last segment', () => {
    expect(parseFileValue('temp/2024/report_1700000000.pdf')).toEqual({
      name: 'report_1700000000.pdf',
      path: 'temp/2024/report_1700000000.pdf',
      status: 'done',
    });
  });
  it('several comma paths are one value; the name comes from the first path', () => {
    const v = parseFileValue(' a/b/first.png , c/second.png');
    expect(v?.name).toBe('first.png');
    expect(v?.path).toBe('a/b/first.png , c/second.png');
  });
  it('a URL with a query keeps only the file name', () => {
    expect(parseFileValue('https://oss.example.com/x/y/pic.jpg?sig=1')?.name).toBe('pic.jpg');
  });
  it('empty values are no file', () => {
    for (const v of [undefined, null, '', '   ']) expect(parseFileValue(v)).toBeNull();
  });
  it('a cell value passes as it is; an uploaded-file record is read by path/filePath/url', () => {
    const up: FileCellValue = { name: 'x', status: 'uploading', percent: 30 };
    expect(parseFileValue(up)).toBe(up);
    expect(parseFileValue({ filePath: 'p/q/r.txt', fileName: 'R.txt' })).toEqual({
      name: 'R.txt',
      path: 'p/q/r.txt',
      status: 'done',
    });
    expect(parseFileValue({ nothing: 1 })).toBeNull();
  });
});

describe('file cell value: saving (format) keeps only the path', () => {
  it('done → path; uploading / error / none → empty', () => {
    expect(formatFileValue({ name: 'a.txt', path: 'temp/a.txt', status: 'done', extra: 'x' })).toBe('temp/a.txt');
    expect(formatFileValue(uploadingValue({ name: 'a.txt' }, 40))).toBe('');
    expect(formatFileValue({ name: 'a.txt', status: 'error', message: '上传失败' })).toBe('');
    expect(formatFileValue(null)).toBe('');
    expect(formatFileValue('already/a/path.doc')).toBe('already/a/path.doc');
  });
  it('round trip: a loaded path is saved unchanged', () => {
    const path = 'temp/x/y,temp/z/w.pdf';
    expect(formatFileValue(parseFileValue(path))).toBe(path);
  });
});

describe('upload answers', () => {
  const file = { name: 'a.png', size: 3, type: 'image/png' };
  it('success: the message is the stored path', () => {
    expect(settleUpload({ success: true, message: 'temp/a_1.png' }, file)).toMatchObject({
      status: 'done',
      path: 'temp/a_1.png',
      name: 'a.png',
    });
  });
  it('success=false: error with the server message, or 未知错误', () => {
    expect(settleUpload({ success: false, message: '文件类型不允许' }, file)).toMatchObject({
      status: 'error',
      message: '文件类型不允许',
    });
    expect(settleUpload({ success: false }, file).message).toBe('未知错误');
    expect(settleUpload(null, file).status).toBe('error');
  });
  it('responseName: the named answer field is kept (from the answer or its result), path from message', () => {
    expect(settleUpload({ success: true, message: 'temp/a.png', fileId: 'F1' }, file, 'fileId')).toMatchObject({
      path: 'temp/a.png',
      extra: 'F1',
    });
    expect(
      settleUpload({ success: true, message: 'temp/a.png', result: { url: 'http://x/a' } }, file, 'url').extra,
    ).toBe('http://x/a');
    // without a message path the named field gives the path
    expect(settleUpload({ success: true, message: '', url: 'http://cdn/a.png' }, file, 'url')).toMatchObject({
      status: 'done',
      path: 'http://cdn/a.png',
    });
    // no responseName: no extra key at all
    expect('extra' in settleUpload({ success: true, message: 'p', fileId: 'F' }, file)).toBe(false);
  });
  it('a failed request is 上传失败 unless the refusal carried a server message', () => {
    expect(failedUpload(file, new Error('Failed to fetch')).message).toBe('上传失败');
    expect(failedUpload(file, new Error('网络异常，请检查网络连接后重试')).message).toBe('上传失败');
    const refused = Object.assign(new Error('x'), { data: { success: false, message: '文件过大' } });
    expect(failedUpload(file, refused).message).toBe('文件过大');
    const english = Object.assign(new Error('x'), { data: { message: 'Internal Server Error' } });
    expect(failedUpload(file, english).message).toBe('上传失败');
  });
});

describe('file cell states and menu', () => {
  it('status tooltips', () => {
    expect(statusTip({ name: 'a', status: 'done', path: 'p' })).toBe('上传完成');
    expect(statusTip({ name: 'a', status: 'error', message: '磁盘已满' })).toBe('磁盘已满');
    expect(statusTip({ name: 'a', status: 'error' })).toBe('上传失败');
    expect(statusTip(uploadingValue({ name: 'a' }, 42.7))).toBe('上传中 42%');
    expect(uploadingValue({ name: 'a' }, 180).percent).toBe(100);
  });
  it('下载 and 删除 each hidden by allowDownload / allowRemove false; 下载 only for a done file', () => {
    const done: FileCellValue = { name: 'a', status: 'done', path: 'p' };
    const labels = (c: Partial<JVxeColumn>, v: FileCellValue | null = done) => fileMenu(c, v).map((i) => i.label);
    expect(labels({})).toEqual(['下载', '删除']);
    expect(labels({ allowDownload: false })).toEqual(['删除']);
    expect(labels({ allowRemove: false })).toEqual(['下载']);
    expect(labels({ allowDownload: false, allowRemove: false })).toEqual([]);
    expect(labels({}, { name: 'a', status: 'error' })).toEqual(['删除']);
    expect(labels({}, null)).toEqual([]);
  });
  it('upload target, token and image filter', () => {
    expect(uploadTarget(col(), '/sys/common/upload')).toBe('/sys/common/upload');
    expect(uploadTarget(col({ action: ' /test/upload ' }), '/sys/common/upload')).toBe('/test/upload');
    expect(sendsToken(col(), true)).toBe(true);
    expect(sendsToken(col(), false)).toBe(false);
    expect(sendsToken(col({ token: true }), false)).toBe(true);
    expect(sendsToken(col({ token: false }), true)).toBe(false);
    expect(acceptsFile('image', { type: 'image/png' })).toBe(true);
    expect(acceptsFile('image', { type: 'application/pdf' })).toBe(false);
    expect(acceptsFile('file', { type: 'application/pdf' })).toBe(true);
    expect(FILE_CELL_TEXT.notImage).toBe('请上传图片');
  });
});

describe('user / department cells: store, text, multi', () => {
  it('user defaults: store username, text realname, several', () => {
    expect(userPickerConfig(col({ type: 'sel_user' }))).toEqual({ store: 'username', text: 'realname', multi: true });
  });
  it('fieldExtendJson (string or object) and props set store / text / multiSelect (0 = single)', () => {
    expect(userPickerConfig(col({ fieldExtendJson: '{"store":"id","text":"username","multiSelect":0}' }))).toEqual({
      store: 'id',
      text: 'username',
      multi: false,
    });
    expect(userPickerConfig(col({ fieldExtendJson: '{"multiSelect":"0"}' })).multi).toBe(false);
    expect(userPickerConfig(col({ fieldExtendJson: '{"multiSelect":false}' })).multi).toBe(false);
    expect(userPickerConfig(col({ fieldExtendJson: '{"multiSelect":1}' })).multi).toBe(true);
    expect(userPickerConfig(col({ fieldExtendJson: '{"store":""}' })).store).toBe('username');
    expect(userPickerConfig(col({ fieldExtendJson: 'not json' }))).toEqual({
      store: 'username',
      text: 'realname',
      multi: true,
    });
    expect(userPickerConfig(col({ fieldExtendJson: '{"store":"id"}', props: { store: 'phone' } })).store).toBe('phone');
    expect(columnExtend(col({ fieldExtendJson: { uploadnum: 2 } as unknown as string })).uploadnum).toBe(2);
    expect([0, '0', false, 'false'].every(isSingle)).toBe(true);
    expect([1, '1', true, undefined].some(isSingle)).toBe(false);
  });
  it('department defaults: store id, text departName; customReturnField overrides the stored field', () => {
    expect(departPickerConfig(col())).toEqual({ store: 'id', text: 'departName', multi: true });
    expect(departPickerConfig(col({ fieldExtendJson: '{"customReturnField":"orgCode","multiSelect":0}' }))).toEqual({
      store: 'orgCode',
      text: 'departName',
      multi: false,
    });
  });
  it('stored values: comma parts, trimmed, once each; single keeps the first', () => {
    expect(splitStored(' admin, ,jeecg,admin ')).toEqual(['admin', 'jeecg']);
    expect(splitStored(['a', 'b'])).toEqual(['a', 'b']);
    expect(parseStored('admin, jeecg', true)).toBe('admin,jeecg');
    expect(parseStored('admin, jeecg', false)).toBe('admin');
    expect(parseStored(null, true)).toBe('');
    expect(storedText('admin,ghost', new Map([['admin', '管理员']]))).toBe('管理员,ghost');
  });
});

describe('popup picker logic', () => {
  it('config checks: code and fields required, counts equal', () => {
    expect(checkPopupConfig({ code: '', orgFields: 'a', destFields: 'b' })).toBe('popup参数未正确配置!');
    expect(checkPopupConfig({ code: 'r', orgFields: '', destFields: 'b' })).toBe('popup参数未正确配置!');
    expect(checkPopupConfig({ code: 'r', orgFields: 'a,b', destFields: 'c' })).toBe(
      'popup参数未正确配置,原始值和目标值数量不一致!',
    );
    expect(checkPopupConfig({ code: 'r', orgFields: 'a, b', destFields: 'c,d' })).toBeNull();
  });
  it('assignments: dest[i] ← org[i]; several rows comma-joined', () => {
    const rows = [
      { username: 'admin', realname: '管理员' },
      { username: 'jeecg', realname: '' },
    ];
    expect(popupAssignments(rows.slice(0, 1), 'username,realname', 'userId,userName')).toEqual({
      userId: 'admin',
      userName: '管理员',
    });
    expect(popupAssignments(rows, 'username,realname', 'userId,userName')).toEqual({
      userId: 'admin,jeecg',
      userName: '管理员',
    });
    expect(popupAssignments([{ a: null }], 'a', 'b')).toEqual({ b: '' });
  });
  it('selection: a click toggles; single mode keeps only the last picked', () => {
    expect(toggleRow([], 'a', false)).toEqual(['a']);
    expect(toggleRow(['a'], 'b', false)).toEqual(['b']);
    expect(toggleRow(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleRow(['a', 'b'], 'a', true)).toEqual(['b']);
    expect(confirmPick([], true)).toBe(POPUP_MESSAGES.pickOne);
    expect(confirmPick([{}, {}], false)).toBe('请选择一条记录');
    expect(confirmPick([{}], false)).toBeNull();
  });
  it('data params: query without empties, self_ params, sorter, page', () => {
    expect(
      popupDataParams({
        pageNo: 2,
        pageSize: 5,
        query: { name: '张', empty: '', nil: null, tags: ['a', 'b'] },
        param: '{"dept":"A01"}',
        sorter: 'create_time=asc',
      }),
    ).toEqual({
      name: '张',
      tags: 'a,b',
      self_dept: 'A01',
      column: 'create_time',
      order: 'asc',
      pageNo: 2,
      pageSize: 5,
    });
    expect(popupDataParams({ pageNo: 1, pageSize: 5, sort: { column: 'x', order: 'desc' } })).toMatchObject({
      column: 'x',
      order: 'desc',
    });
    expect(parseParam('broken')).toEqual({});
    expect(parseSorter('')).toBeNull();
    expect(parseSorter('age')).toEqual({ column: 'age', order: 'desc' });
  });
  it('row keys combine every field; texts, ellipsis, pages', () => {
    expect(combineRowKey({ b: 2, a: 1 })).toBe(combineRowKey({ a: 1, b: 2 }));
    expect(combineRowKey({ a: 1, b: 2 })).not.toBe(combineRowKey({ a: 12, b: '' }));
    expect(
      popupCellText('1,2', 'sex', {
        sex: [
          { value: 1, text: '男' },
          { value: '2', label: '女' },
        ],
      }),
    ).toBe('男,女');
    expect(popupCellText('x', 'nope', {})).toBe('x');
    expect(popupCellText(null, null, null)).toBe('');
    expect(ellipsis('一二三四五六七八九十甲乙丙')).toBe('一二三四五六七八九十甲乙...');
    expect(ellipsis('一二三四五六七八九十甲乙丙', -1)).toBe('一二三四五六七八九十甲乙丙');
    expect(clampPage(3, 5, 10)).toBe(2);
    expect(clampPage(1, 5, 0)).toBe(1);
    expect(pageRows([{ a: 1 }])).toEqual({ records: [{ a: 1 }], total: 1 });
    expect(pageRows({ records: [{ a: 1 }], total: 9 })).toEqual({ records: [{ a: 1 }], total: 9 });
    expect(pageRows('x')).toEqual({ records: [], total: 0 });
    expect(popupMulti({ popupMulti: true })).toBe(true);
    expect(popupMulti({})).toBe(false);
  });
});

describe('registration', () => {
  it('every rich type registers; user / department min width 190; parse / format through the registry', () => {
    for (const t of RICH_TYPES) expect(getCell(t), t).toBeDefined();
    expect(getCell('sel_user')?.minWidth).toBe(PICKER_MIN_WIDTH);
    expect(getCell('sel_depart')?.minWidth).toBe(190);
    expect(getCell('file')?.alwaysEditor).toBe(true);
    const file = getCell('file');
    const c = col();
    expect(file?.format?.(file.parse?.('a/b/c.txt', c), c)).toBe('a/b/c.txt');
    const user = getCell('sel_user');
    const single = col({ type: 'sel_user', fieldExtendJson: '{"multiSelect":0}' });
    expect(user?.parse?.('admin,jeecg', single)).toBe('admin');
    expect(user?.format?.(' admin , jeecg ', col({ type: 'sel_user' }))).toBe('admin,jeecg');
    expect(getCell('sel_search')?.parse?.(' 1 ', col())).toBe('1');
    expect(getCell('input_pop')?.parse?.(null, col())).toBe('');
  });
});

describe('file pop-up and upload error (spec 02 §5, §8)', () => {
  it('uploadnum above 1 makes a multi-file cell; anything else is one file', () => {
    expect(uploadNumber({ uploadnum: 3 })).toBe(3);
    expect(uploadNumber({ uploadnum: '2' })).toBe(2);
    for (const n of [1, 0, -2, 2.5, 'x', undefined, null]) expect(uploadNumber({ uploadnum: n })).toBe(0);
  });
  it('确定 with no file: 未上传任何文件; with files: the trimmed comma paths', () => {
    for (const v of ['', ' , ', null, undefined])
      expect(filePopResult(v)).toEqual({ ok: false, message: '未上传任何文件' });
    expect(filePopResult(' a.pdf , b.pdf ,')).toEqual({ ok: true, path: 'a.pdf,b.pdf' });
  });
  it('上传出错 only for a failed file with a message', () => {
    expect(uploadErrorDialog({ name: 'a', status: 'error', message: '文件过大' })).toEqual({
      title: '上传出错',
      content: '错误信息：文件过大',
      maskClosable: true,
    });
    expect(uploadErrorDialog({ name: 'a', status: 'error' })).toBeNull();
    expect(uploadErrorDialog({ name: 'a', status: 'done', path: 'x', message: 'x' })).toBeNull();
    expect(uploadErrorDialog(null)).toBeNull();
  });
});
