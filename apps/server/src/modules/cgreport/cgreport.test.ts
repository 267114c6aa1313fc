import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onRealPg, type TestApp } from '../../../test/harness.ts';
import { SEED_REPORTS } from '../../db/seed/report-area.ts';
import { REPORT_ROLE, reportRuntime, runReportStatements } from './reader.ts';

// Online reports (issue 13, contract-2 §4.3/§4.4/§8): the designer, the report screen's and the popup's calls, and
// the report-SQL guard (docs/decisions/033-report-sql.md), against the seeded reports; PGlite and PostgreSQL.

const B = '/jeecg-boot/online/cgreport';

describe('online reports', () => {
  let t: TestApp;
  let admin: string;
  let plain: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    plain = await t.login('jeecg', '123456');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, query: Record<string, string | number> = {}, token = admin) =>
    t.req({
      method: 'GET',
      url: `${B}${url}`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      token,
    });
  const data = async (id: string, query: Record<string, string | number> = {}) => {
    const res = await get(`/api/getColumnsAndData/${id}`, query);
    return res.json;
  };
  const design = (sql: string, extra: Record<string, unknown> = {}) => ({
    head: { code: `r_${Math.random().toString(36).slice(2, 10)}`, name: '测试报表', cgrSql: sql, ...extra },
    items: [],
    params: [],
  });
  const add = (body: unknown) => t.req({ method: 'POST', url: `${B}/head/add`, token: admin, payload: body as object });

  describe('the seeded users report (Online报表示例)', () => {
    it('answers columns, dictionaries and a page of users without password or salt', async () => {
      const r = await data(SEED_REPORTS.users, { pageNo: 1, pageSize: 10 });
      expect(r.success).toBe(true);
      const res = r.result;
      expect(res.cgreportHeadName).toBe('用户报表');
      expect(res.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
        'username',
        'realname',
        'sex',
        'birthday',
        'phone',
        'email',
        'status',
        'create_time',
      ]);
      expect(res.columns.find((c: { dataIndex: string }) => c.dataIndex === 'sex').customRender).toBe('sex');
      expect(res.dictOptions.sex.map((o: { text: string }) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
      const usernames = res.data.records.map((u: { username: string }) => u.username);
      expect(usernames).toEqual(expect.arrayContaining(['admin', 'jeecg']));
      expect(res.data.total).toBeGreaterThanOrEqual(3);
      for (const rec of res.data.records) {
        expect(rec).not.toHaveProperty('password');
        expect(rec).not.toHaveProperty('salt');
      }
      expect(res.isGroupTitle).toBe(false);
    });

    it('searches (contains on text), pages and sorts on is_order columns only', async () => {
      const found = await data(SEED_REPORTS.users, { username: 'jee' });
      expect(found.result.data.records.map((u: { username: string }) => u.username)).toEqual(['jeecg']);
      const all = (await data(SEED_REPORTS.users, { column: 'username', order: 'asc', pageSize: 100 })).result.data;
      const names = all.records.map((u: { username: string }) => u.username);
      expect(names).toEqual([...names].sort());
      const second = (await data(SEED_REPORTS.users, { column: 'username', order: 'asc', pageNo: 2, pageSize: 1 }))
        .result.data;
      expect(second.total).toBe(all.total);
      expect(second.records.map((u: { username: string }) => u.username)).toEqual([names[1]]);
      const desc = (await data(SEED_REPORTS.users, { column: 'username', order: 'desc', pageSize: 100 })).result.data;
      expect(desc.records[0].username).toBe(names.at(-1));
      // realname is not sortable in the definition
      const refused = await data(SEED_REPORTS.users, { column: 'realname', order: 'asc' });
      expect(refused).toMatchObject({ success: false, message: '不支持按 realname 排序' });
      const injected = await data(SEED_REPORTS.users, { column: 'username; drop table sys_user', order: 'asc' });
      expect(injected.success).toBe(false);
      expect(injected.message).toMatch(/^不支持按/);
    });

    it('binds report parameters (self_<name>) and search values; quotes in them are only text', async () => {
      const men = (await data(SEED_REPORTS.usersBySex, { self_sex: '1', pageSize: 100 })).result.data.records;
      expect(men.length).toBeGreaterThan(0);
      expect(men.every((u: { sex: unknown }) => String(u.sex) === '1')).toBe(true);
      const everyone = (await data(SEED_REPORTS.usersBySex, { pageSize: 100 })).result.data;
      expect(everyone.total).toBeGreaterThan(men.length - 1);
      const quoted = await data(SEED_REPORTS.usersBySex, { self_sex: "1' or '1'='1" });
      expect(quoted.success).toBe(true);
      expect(quoted.result.data.total).toBe(0);
      const search = await data(SEED_REPORTS.users, { username: "x' or 1=1 --" });
      expect(search.result.data.total).toBe(0);
      const params = await get(`/api/getParamsInfo/${SEED_REPORTS.usersBySex}`);
      expect(params.json.result).toEqual([{ paramName: 'sex', paramTxt: '性别', paramValue: null }]);
    });

    it('marks total columns and group titles; a range search on a number', async () => {
      const r = (await data(SEED_REPORTS.demo, { age_begin: 25, age_end: 35, pageSize: 100 })).result;
      expect(r.isGroupTitle).toBe(true);
      const cols = Object.fromEntries(r.columns.map((c: { dataIndex: string }) => [c.dataIndex, c]));
      expect(cols.age.isTotal).toBe('1');
      expect(cols.name.isTotal).toBe('0');
      expect(cols.salary_money.groupTitle).toBe('收入');
      const ages = r.data.records.map((d: { age: number }) => Number(d.age)).sort();
      expect(ages).toEqual([28, 30, 35]);
      // a DATE column as yyyy-MM-dd on both drivers
      for (const d of r.data.records) expect(d.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const info = await get(`/api/getQueryInfo/${SEED_REPORTS.demo}`);
      expect(info.json.result).toEqual([
        expect.objectContaining({ field: 'name', label: '姓名', view: 'text', mode: 'single' }),
        expect.objectContaining({ field: 'sex', view: 'list', dictCode: 'sex' }),
        expect.objectContaining({ field: 'age', mode: 'group' }),
      ]);
    });

    it('exports every row with dictionary texts and no hidden column', async () => {
      const res = await get(`/api/exportManySheetXls/${SEED_REPORTS.users}`, { username: 'admin' });
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header).toEqual(['账号', '姓名', '性别', '生日', '手机号', '邮箱', '状态', '创建时间']);
      expect(ws.getRow(2).getCell(1).value).toBe('admin');
      expect(['男', '女']).toContain(ws.getRow(2).getCell(3).value);
      expect(ws.rowCount).toBe(2);
    });

    it('the popup: report by code, then a page of it', async () => {
      const cols = (await get('/api/getRpColumns/report_user')).json.result;
      expect(cols.cgRpConfigId).toBe(SEED_REPORTS.users);
      expect(cols.cgRpConfigName).toBe('用户报表');
      expect(cols.columns[0]).toMatchObject({ title: '账号', dataIndex: 'username', sorter: true });
      expect(cols.columns[1]).toMatchObject({ title: '姓名', dataIndex: 'realname', sorter: false });
      const page = (await get(`/api/getData/${cols.cgRpConfigId}`, { realname: '管理', pageSize: 5 })).json.result;
      expect(page.records.map((r: { username: string }) => r.username)).toEqual(['admin']);
      expect((await get('/api/getRpColumns/nope')).json).toMatchObject({ success: false, message: '报表不存在' });
    });

    it('the sign-ins report counts login log rows per day', async () => {
      const r = (await data(SEED_REPORTS.signIns, { pageSize: 100 })).result;
      const today = r.data.records.map((x: { tian: string; num: number }) => [x.tian, Number(x.num)]);
      // this suite signed in twice at least
      expect(today.reduce((s: number, [, n]: [string, number]) => s + n, 0)).toBeGreaterThanOrEqual(2);
    });
  });

  describe('the designer', () => {
    it('adds, reads back, edits and deletes a definition; 解析SQL lists the columns', async () => {
      const parsed = await get('/head/parseSql', {
        sql: 'select username, realname as name from sys_user where sex = ${sex}',
      });
      expect(parsed.json.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['username', 'name']);
      expect(parsed.json.result.params.map((p: { paramName: string }) => p.paramName)).toEqual(['sex']);

      const body = {
        head: {
          code: 'crud_report',
          name: '增删改测试',
          cgrSql: 'select username, realname from sys_user where sex = ${sex}',
        },
        items: [
          { fieldName: 'username', fieldTxt: '账号', isShow: 1, isOrder: 1, isSearch: 1, orderNum: 0 },
          { fieldName: 'realname', fieldTxt: '姓名', isShow: 1, orderNum: 1 },
        ],
        params: [{ paramName: 'sex', paramTxt: '性别', paramValue: '1' }],
      };
      const added = await add(body);
      expect(added.json).toMatchObject({ success: true, message: '添加成功！' });
      const id = added.json.result as string;
      const again = await add(body);
      expect(again.json).toMatchObject({ success: false, message: '报表编码已存在' });

      const list = await get('/head/list', { code: 'crud_report' });
      expect(list.json.result.records).toHaveLength(1);
      expect(list.json.result.records[0]).toMatchObject({ id, name: '增删改测试' });
      const items = (await get('/item/listByHeadId', { headId: id })).json.result;
      expect(items.map((i: { fieldName: string }) => i.fieldName)).toEqual(['username', 'realname']);
      const params = (await get('/param/listByHeadId', { headId: id })).json.result;
      expect(params).toEqual([expect.objectContaining({ paramName: 'sex', paramValue: '1' })]);
      // the parameter's default applies
      const rows = (await data(id, { pageSize: 100 })).result.data.records;
      expect(rows.length).toBeGreaterThan(0);

      const edit = await t.req({
        method: 'PUT',
        url: `${B}/head/editAll`,
        token: admin,
        payload: { ...body, head: { ...body.head, id, name: '改过的报表' }, items: body.items.slice(0, 1), params: [] },
      });
      expect(edit.json).toMatchObject({ success: true, message: '修改成功!' });
      expect((await get('/item/listByHeadId', { headId: id })).json.result).toHaveLength(1);
      expect((await get('/param/listByHeadId', { headId: id })).json.result).toHaveLength(0);

      const del = await t.req({ method: 'DELETE', url: `${B}/head/delete`, query: { id }, token: admin });
      expect(del.json).toMatchObject({ success: true, message: '删除成功!' });
      expect((await get('/head/list', { code: 'crud_report' })).json.result.records).toHaveLength(0);
      expect((await get('/item/listByHeadId', { headId: id })).json.result).toHaveLength(0);
    });

    it('a stopped report (JeecgBoot import: SQL refused) does not run anywhere until saved with SQL that passes', async () => {
      const body = design('select username from sys_user');
      const id = (await add(body)).json.result as string;
      await t.database.db.execute(
        sql`update onl_cgreport_head set disabled_reason = '导入时未通过报表检查（只允许一条 SELECT 语句）' where id = ${id}`,
      );
      const stopped =
        /^报表已停用：导入时未通过报表检查（只允许一条 SELECT 语句）。请在 Online报表配置 中修改 SQL 后保存$/;
      for (const url of [
        `/api/getColumnsAndData/${id}`,
        `/api/getQueryInfo/${id}`,
        `/api/getData/${id}`,
        `/api/exportManySheetXls/${id}`,
      ]) {
        const res = await get(url);
        expect(res.json, url).toMatchObject({ success: false, message: expect.stringMatching(stopped) });
      }
      expect((await get(`/api/getRpColumns/${body.head.code}`)).json.message).toMatch(stopped);
      // the designer still reads it; saving SQL that passes the guard lets it run again
      expect((await get('/head/list', { code: body.head.code })).json.result.records[0].disabledReason).toMatch(
        /导入时/,
      );
      const saved = await t.req({
        method: 'PUT',
        url: `${B}/head/editAll`,
        token: admin,
        payload: { ...body, head: { ...body.head, id } },
      });
      expect(saved.json.success).toBe(true);
      expect((await data(id)).success).toBe(true);
      await t.req({ method: 'DELETE', url: `${B}/head/delete`, query: { id }, token: admin });
    });

    it('a table dictionary on an item: texts of the page values (and in the export)', async () => {
      const added = await add({
        head: { code: 'dict_tbl_report', name: '表字典', cgrSql: 'select username as who from sys_user' },
        items: [{ fieldName: 'who', fieldTxt: '用户', dictCode: 'sys_user,realname,username', isShow: 1, isSearch: 1 }],
        params: [],
      });
      expect(added.json.success).toBe(true);
      const r = (await data(added.json.result, { who: 'admin' })).result;
      expect(r.columns[0].customRender).toBe('who');
      expect(r.dictOptions.who).toEqual([expect.objectContaining({ value: 'admin', text: '管理员' })]);
      const res = await get(`/api/exportManySheetXls/${added.json.result}`, { who: 'admin' });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0].getRow(2).getCell(1).value).toBe('管理员');
    });

    it('refuses bad definitions and users without the designer permissions', async () => {
      expect((await add({ head: { code: '', name: 'x', cgrSql: 'select 1' } })).json.message).toContain(
        '请输入报表编码',
      );
      expect(
        (await add({ head: { code: 'a1', name: 'x', cgrSql: 'select 1' }, items: [{ fieldName: 'a"b' }] })).json
          .message,
      ).toContain('字段名不能包含引号');
      const denied = await t.req({ method: 'POST', url: `${B}/head/add`, token: plain, payload: design('select 1') });
      expect(denied.statusCode).toBe(403);
      const denied2 = await get(`/api/getColumnsAndData/${SEED_REPORTS.users}`, {}, plain);
      expect(denied2.statusCode).toBe(403);
      const denied3 = await get('/head/parseSql', { sql: 'select 1' }, plain);
      expect(denied3.statusCode).toBe(403);
    });
  });

  describe('report SQL injection suite', () => {
    const refusals: [string, string | RegExp][] = [
      ['delete from sys_user', '报表SQL只能是查询语句（SELECT），不允许增删改或其他操作'],
      ['select 1; drop table sys_user', '报表SQL只能是一条 SELECT 语句'],
      ['select * from sys_log; delete from sys_log', '报表SQL只能是一条 SELECT 语句'],
      [
        'with x as (delete from sys_log returning *) select * from x',
        '报表SQL不允许包含增删改、SELECT INTO 或加锁（FOR UPDATE）',
      ],
      ['select * into sys_copy from sys_user', '报表SQL不允许包含增删改、SELECT INTO 或加锁（FOR UPDATE）'],
      ['select * from sys_user for update', '报表SQL不允许包含增删改、SELECT INTO 或加锁（FOR UPDATE）'],
      ['select pg_sleep(10)', '报表SQL不允许调用函数 pg_sleep'],
      ["select pg_read_file('/etc/passwd')", '报表SQL不允许调用函数 pg_read_file'],
      ["select * from pg_ls_dir('.')", '报表SQL不允许调用函数 pg_ls_dir'],
      ["select lo_import('/etc/passwd')", '报表SQL不允许调用函数 lo_import'],
      ["select set_config('role', 'postgres', true)", '报表SQL不允许调用函数 set_config'],
      ["select current_setting('data_directory')", '报表SQL不允许调用函数 current_setting'],
      [
        "select query_to_xml('select password from public.sys_user', true, true, '')",
        '报表SQL不允许调用函数 query_to_xml',
      ],
      ['select pg_terminate_backend(1)', '报表SQL不允许调用函数 pg_terminate_backend'],
      ["select * from dblink('host=x', 'select 1') as t(a int)", '报表SQL不允许调用函数 dblink'],
      ['select * from sys_session', '报表SQL不允许查询表 sys_session（不在报表可访问的表中）'],
      ['select * from sys_user where id in (select user_id from sys_session)', /sys_session/],
      ['select * from sys_data_source', /sys_data_source/],
      ['select * from onl_cgreport_head', /onl_cgreport_head/],
      ['select * from public.sys_user', '报表SQL不允许指定模式（schema）：public.sys_user'],
      ['select * from pg_catalog.pg_authid', /模式/],
      ['select * from pg_authid', /pg_authid/],
      ['with pg_authid as (select 1) select * from pg_authid', /pg_/],
      ['copy sys_user to stdout', '报表SQL只能是查询语句（SELECT），不允许增删改或其他操作'],
      ["select * from sys_user where username like '%${name}%'", /不能写在字符串内/],
      ['select * from sys_user where id = $1', /\$1/],
      ['select from where', /^SQL语法错误/],
    ];

    it.each(refusals)('refuses %s when saved, parsed or run', async (sql, message) => {
      const saved = await add(design(sql));
      expect(saved.json.success).toBe(false);
      expect(saved.json.message).toMatch(typeof message === 'string' ? new RegExp(`^${reEscape(message)}$`) : message);
      const parsed = await get('/head/parseSql', { sql });
      expect(parsed.json.success).toBe(false);
      expect(parsed.json.message).toBe(saved.json.message);
    });

    it('select * from sys_user never shows password or salt; naming them fails', async () => {
      const parsed = (await get('/head/parseSql', { sql: 'select * from sys_user' })).json.result;
      const names = parsed.fields.map((f: { fieldName: string }) => f.fieldName);
      expect(names).toContain('username');
      expect(names).not.toContain('password');
      expect(names).not.toContain('salt');
      const named = await get('/head/parseSql', { sql: 'select u.password from sys_user u' });
      expect(named.json).toMatchObject({ success: false, message: '字段 password 不存在' });
      const sub = await get('/head/parseSql', { sql: 'select (select max(salt) from sys_user) as s' });
      expect(sub.json).toMatchObject({ success: false, message: '字段 salt 不存在' });
    });

    it('behind the parser, the report_reader role itself cannot read secrets (defence in depth)', async () => {
      const rt = await reportRuntime(t.app.ctx);
      expect(rt.role).toBe(true);
      const tries = [
        `select password from ${rt.schema}.sys_user`,
        `select * from ${rt.schema}.sys_session`,
        `select * from ${rt.schema}.sys_data_source`,
        `select * from ${rt.schema}.onl_cgreport_head`,
      ];
      for (const text of tries) {
        const err = await runReportStatements(t.app.ctx, null, [{ text, values: [] }]).catch((e) => e);
        expect(err?.code, text).toBe('42501');
      }
      const ok = await runReportStatements(t.app.ctx, null, [
        { text: `select username from ${rt.schema}.sys_user where username = $1`, values: ['admin'] },
      ]);
      expect(ok[0].rows).toEqual([{ username: 'admin' }]);
      // and nothing can be written, even by a statement the parser would never let through
      const write = await runReportStatements(t.app.ctx, null, [
        { text: `update ${rt.schema}.sys_user set realname = 'x'`, values: [] },
      ]).catch((e) => e);
      expect(['25006', '42501']).toContain(write?.code);
      expect(REPORT_ROLE).toBe('report_reader');
    });

    it('a synchronised online-form table is readable; an unsynchronised one is not', async () => {
      const db = t.app.ctx.db;
      await db.execute(sql`create table rpt_form_tbl (id varchar(36) primary key, title varchar(50))`);
      await db.execute(sql`insert into rpt_form_tbl values ('1', '第一条'), ('2', '第二条')`);
      const head = (synch: string) =>
        db.execute(
          sql`insert into onl_cgform_head (id, table_name, table_txt, is_db_synch) values ('rptform1', 'rpt_form_tbl', '报表表单', ${synch})
              on conflict (id) do update set is_db_synch = ${synch}`,
        );
      await head('N');
      const refused = await get('/head/parseSql', { sql: 'select title from rpt_form_tbl' });
      expect(refused.json.message).toBe('报表SQL不允许查询表 rpt_form_tbl（不在报表可访问的表中）');
      await head('Y');
      const parsed = await get('/head/parseSql', { sql: 'select * from rpt_form_tbl order by id' });
      expect(parsed.json.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['id', 'title']);
      const added = await add(design('select * from rpt_form_tbl'));
      const rows = (await data(added.json.result, { pageSize: 10 })).result.data.records;
      expect(rows.map((r: { title: string }) => r.title).sort()).toEqual(['第一条', '第二条']);
    });

    it('getReportDictList never runs client SQL', async () => {
      const res = await get('/api/getReportDictList', {
        sql: 'select password as value, username as text from sys_user',
        keyword: '',
      });
      expect(res.json).toMatchObject({ success: false, message: '不支持由页面提交SQL，字典请在报表配置中设置' });
      const stored = await get('/api/getReportDictList', { sql: `${SEED_REPORTS.users}:sex`, keyword: '男' });
      expect(stored.json.result).toEqual([{ value: '1', text: '男' }]);
    });

    it.skipIf(!onRealPg)(
      'a statement running past 5 s is stopped (PostgreSQL)',
      async () => {
        const added = await add(design('select count(*) as n from generate_series(1, 10000000000) g'));
        expect(added.json.success).toBe(true);
        const started = Date.now();
        const r = await data(added.json.result);
        expect(r).toMatchObject({ success: false, message: '查询超时（超过 5 秒），已停止' });
        expect(Date.now() - started).toBeLessThan(9000);
      },
      20_000,
    );
  });

  describe('the embedded database (PGlite ignores statement_timeout): heavy reports are refused before they run', () => {
    beforeAll(async () => {
      // 10 000 users and 10 000 log rows: the seeded reports must still run over them
      await t.app.ctx.db.execute(sql`insert into sys_user (id, username, realname, sex, status, del_flag, create_time)
        select 'bulk' || g, 'bulk' || g, '批量' || g, g % 2 + 1, 1, 0, now() from generate_series(1, 10000) g`);
      await t.app.ctx.db.execute(sql`insert into sys_log (id, log_type, log_content, userid, create_time)
        select 'bulklog' || g, g % 2 + 1, '日志' || g, 'bulk' || (g % 100), now() - (g || ' minutes')::interval
          from generate_series(1, 10000) g`);
    });

    it('the seeded reports run over 10 000 users and logs (both engines)', async () => {
      for (const id of Object.values(SEED_REPORTS)) {
        const r = await data(id, { pageNo: 1, pageSize: 10 });
        expect(r.success, `${id}: ${r.message}`).toBe(true);
      }
      const users = await data(SEED_REPORTS.users, { pageNo: 1, pageSize: 10 });
      expect(users.result.data.total).toBeGreaterThan(10_000);
      const joined = await add(
        design(
          'select u.username, count(*) as n from sys_user u join sys_log l on l.userid = u.username group by u.username',
        ),
      );
      expect((await data(joined.json.result, { pageSize: 10 })).success).toBe(true);
    });

    it.skipIf(onRealPg)(
      'PGlite: a report whose size the planner cannot see (a huge array or text) is refused at once (issue 28 security 6)',
      async () => {
        for (const [q, f] of [
          ['select count(*) as n from unnest(array_fill(1, array[100000000])) x', 'array_fill'],
          ["select length(repeat('x', 1000000000)) as n", 'repeat'],
          ["select length(lpad('x', 1000000000)) as n", 'lpad'],
          ["select length(format('%1000000000s', 'x')) as n", 'format'],
        ]) {
          const added = await add(design(q));
          expect(added.json.success).toBe(true);
          const started = Date.now();
          const [r, health] = await Promise.all([data(added.json.result), t.req({ method: 'GET', url: '/healthz' })]);
          expect(r, q).toMatchObject({
            success: false,
            message: `嵌入式数据库中报表不能调用 ${f}（其结果大小无法在查询前估算，可能长时间阻塞服务）；请改用 PostgreSQL 部署`,
          });
          expect(health.statusCode).toBe(200);
          expect(Date.now() - started, q).toBeLessThan(3000);
        }
      },
    );

    it.skipIf(onRealPg)(
      'PGlite: a heavy or recursive report is refused at once, and the server answers meanwhile',
      async () => {
        const heavy = [
          'select count(*) as n from generate_series(1, 100000000) g',
          'select count(*) as n from sys_user a, sys_log b',
          'select a.username from sys_user a cross join sys_user b order by a.username, b.username',
          "select count(*) as n from sys_log a join sys_log b on a.log_content like '%' || b.log_content || '%'",
        ];
        for (const q of heavy) {
          const added = await add(design(q));
          expect(added.json.success).toBe(true);
          const started = Date.now();
          const [r, other] = await Promise.all([
            data(added.json.result),
            data(SEED_REPORTS.users, { pageNo: 1, pageSize: 5 }),
          ]);
          expect(r, q).toMatchObject({
            success: false,
            message:
              '报表查询过于复杂，嵌入式数据库无法在限时内完成，请增加查询条件、缩小数据范围，或改用 PostgreSQL 部署',
          });
          expect(other.success).toBe(true);
          expect(Date.now() - started, q).toBeLessThan(3000);
        }
        for (const q of [
          'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r',
          'with recursive r(n) as (select 1 union all select n + 1 from r where n < 10) select n from r',
        ]) {
          const added = await add(design(q));
          const r = await data(added.json.result);
          expect(r).toMatchObject({
            success: false,
            message: '嵌入式数据库不支持递归查询（WITH RECURSIVE）的报表，请改用 PostgreSQL 部署',
          });
        }
        // generate_series with bounds the planner cannot see (a sub-query, a column) would be guessed at 1 000 rows
        for (const q of [
          'select count(*) as n from generate_series(1, (select 100000000)) g',
          'select count(*) as n from sys_user u, generate_series(1, length(u.username) * 10000000) g',
        ]) {
          const added = await add(design(q));
          const r = await data(added.json.result);
          expect(r, q).toMatchObject({
            success: false,
            message:
              '嵌入式数据库中 generate_series 的参数只能是常量或报表参数（须能在查询前估算行数），不能引用字段或子查询；或改用 PostgreSQL 部署',
          });
        }
        // 解析SQL refuses it too
        const parsed = await get('/head/parseSql', {
          sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select n from r',
        });
        expect(parsed.json.success).toBe(false);
        // a bounded generate_series stays possible
        const small = await add(design('select g as n from generate_series(1, 1000) g'));
        expect((await data(small.json.result, { pageSize: 10 })).result.data.total).toBe(1000);
      },
      30_000,
    );
  });
});

function reEscape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
