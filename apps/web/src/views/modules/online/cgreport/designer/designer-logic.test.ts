import { describe, expect, it } from 'vitest';
import { buildSave, ITEM_COLUMNS, mergeParsed, reportRoute } from './designer-logic';

describe('report designer logic', () => {
  it('解析SQL keeps the settings of known columns, adds new ones, drops the gone ones, in the SQL order', () => {
    const current = [
      { id: 'x1', fieldName: 'username', fieldTxt: '账号', isSearch: 1 },
      { id: 'x2', fieldName: 'gone', fieldTxt: '旧' },
    ];
    const parsed = [
      { fieldName: 'realname', fieldTxt: 'realname', isShow: 1 },
      { fieldName: 'username', fieldTxt: 'username', isShow: 1 },
    ];
    expect(mergeParsed(current, parsed, 'fieldName')).toEqual([
      { fieldName: 'realname', fieldTxt: 'realname', isShow: 1, orderNum: 0 },
      { fieldName: 'username', fieldTxt: '账号', isSearch: 1, orderNum: 1 },
    ]);
  });

  it('builds the save body (trimmed, numbers, flags, text defaults to the name)', () => {
    const body = buildSave(
      { id: 'h1', code: ' r1 ', name: '报表', cgrSql: ' select 1 ', dbSource: '' },
      [{ fieldName: 'a', fieldTxt: '', fieldWidth: '120', isShow: 1, isTotal: '1', isOrder: 1 }],
      [{ paramName: 'p', paramTxt: '', paramValue: '' }],
    );
    expect(body.head).toEqual({ id: 'h1', code: 'r1', name: '报表', cgrSql: 'select 1', dbSource: null });
    expect(body.items[0]).toMatchObject({
      fieldName: 'a',
      fieldTxt: 'a',
      fieldWidth: 120,
      isTotal: '1',
      isOrder: 1,
      isSearch: 0,
    });
    expect(body.params).toEqual([{ paramName: 'p', paramTxt: null, paramValue: null, orderNum: 0 }]);
    expect(ITEM_COLUMNS.map((c) => c.title)).toEqual([
      '字段名',
      '字段文本',
      '宽度',
      '类型',
      '是否显示',
      '是否查询',
      '查询模式',
      '是否排序',
      '字典code',
      '是否合计',
      '分组标题',
      '字段链接',
    ]);
    expect(reportRoute('6c7f')).toBe('/online/cgreport/6c7f');
  });
});
