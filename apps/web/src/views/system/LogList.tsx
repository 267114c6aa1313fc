import { Tabs } from 'antd';
import { useState } from 'react';
import type { LogType } from '../../api/log';
import { CrudPage } from '../../components/kit';
import { useCan } from '../../permission/useCan';
import { loginLogPage, operationLogPage } from './log/log.data';

const TABS = [
  { key: '1', label: '登录日志' },
  { key: '2', label: '操作日志' },
];

/** 日志管理 (component system/LogList): 登录日志 / 操作日志 tabs over the declarations of log/log.data.tsx. */
export default function LogList() {
  const [tab, setTab] = useState<LogType>('1');
  const page = tab === '2' ? operationLogPage : loginLogPage;
  const canDelete = useCan()('log:delete') === 'allow';
  return (
    <CrudPage
      key={tab}
      schema={canDelete ? page : { ...page, selectable: false, rowActions: [] }}
      fixedParams={{ logType: tab }}
      beforeTable={() => <Tabs activeKey={tab} onChange={(k) => setTab(k === '2' ? '2' : '1')} items={TABS} />}
    />
  );
}
