import { DiffOutlined, HistoryOutlined } from '@ant-design/icons';
import { DATA_LOG_URLS, type DataLog } from '../../../api/log';
import { definePage } from '../../../components/kit';

/**
 * 数据日志 (component system/DataLogList; JeecgBoot DataLogList, contract §4.11): snapshots of edited rows with table
 * and id filters; 数据比较 of two selected versions (permission dataLog:compare) and 版本历史 of a row are the view's
 * handlers `compare` and `history` (datalog/compare.tsx).
 */
export const dataLogPage = definePage<DataLog>({
  name: 'data-log',
  urls: { list: DATA_LOG_URLS.list },
  columns: [
    { field: 'dataTable', title: '表名', width: 140, sorter: true },
    { field: 'dataId', title: '数据ID', width: 200, ellipsis: true, sorter: true },
    { field: 'dataVersion', title: '版本号', width: 90, sorter: true },
    { field: 'dataContent', title: '数据内容', ellipsis: true, align: 'left' },
    { field: 'createBy', title: '创建人', width: 110 },
    { field: 'createTime', title: '创建日期', type: 'datetime', width: 170, sorter: true },
  ],
  query: [
    { field: 'dataTable', label: '表名', props: { maxLength: 32 } },
    { field: 'dataId', label: '数据ID', props: { maxLength: 36 } },
  ],
  toolbar: [
    {
      key: 'compare',
      label: '数据比较',
      icon: <DiffOutlined />,
      primary: true,
      auth: 'dataLog:compare',
      run: 'compare',
    },
  ],
  actionWidth: 100,
  rowActions: [
    {
      key: 'history',
      label: (
        <>
          <HistoryOutlined /> 版本历史
        </>
      ),
      run: 'history',
    },
  ],
  scrollX: 1100,
});
