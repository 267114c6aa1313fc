import { Button, Card, Col, Input, Modal, Row, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../api/http';
import { DepartTree } from '../JSelectDepart/DepartTree';
import { loadDepartTree } from '../JSelectDepart/depart-tree';
import type { DepartTreeNode } from '../JSelectDepart/logic';
import { usePickerPage, useSubmitPicked } from '../picker';
import {
  mergeSelection,
  modalLayout,
  type PickerUser,
  sexText,
  USER_PAGE_SIZE,
  USER_PAGE_SIZES,
  userQueryParams,
} from './logic';

export const USER_MODAL_TITLE = '选择用户';

export interface JSelectUserByDepModalProps {
  open: boolean;
  multiple?: boolean;
  /** rows already chosen (pre-selected when the modal opens) */
  initialRows?: PickerUser[];
  onOk: (rows: PickerUser[]) => void;
  onCancel: () => void;
}

function useWindowWidth(): number {
  const [w, setW] = useState(() => (typeof window === 'undefined' ? 1366 : window.innerWidth));
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

const columns: TableColumnsType<PickerUser> = [
  { title: '用户账号', dataIndex: 'username', width: 120, ellipsis: true },
  { title: '用户姓名', dataIndex: 'realname', width: 120, ellipsis: true },
  { title: '性别', dataIndex: 'sex', width: 60, align: 'center', render: (v) => sexText(v) },
  { title: '手机', dataIndex: 'phone', width: 130 },
  { title: '部门', dataIndex: 'orgCodeTxt', ellipsis: true },
  { title: '生日', dataIndex: 'birthday', width: 110 },
];

/** 选择用户 (spec 02 §2, §9): departments on the left, paged users on the right (`queryUserComponentData`). */
export function JSelectUserByDepModal({
  open,
  multiple = true,
  initialRows,
  onOk,
  onCancel,
}: JSelectUserByDepModalProps) {
  const layout = modalLayout(useWindowWidth());
  const [tree, setTree] = useState<DepartTreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [departId, setDepartId] = useState<string | undefined>();
  const [username, setUsername] = useState('');
  const [realname, setRealname] = useState('');
  const [query, setQuery] = useState({ username: '', realname: '' });
  const [selected, setSelected] = useState<PickerUser[]>([]);
  const loadPage = useCallback(
    (page: { pageNo: number; pageSize: number }) =>
      http.get<{ records?: PickerUser[]; total?: number } | PickerUser[]>(
        '/sys/user/queryUserComponentData',
        userQueryParams({ ...page, departId, ...query }),
      ),
    [departId, query],
  );
  const { rows, loading, pagination, firstPage } = usePickerPage<PickerUser>({
    open,
    pageSize: USER_PAGE_SIZE,
    pageSizes: USER_PAGE_SIZES,
    loadPage,
    failText: '用户加载失败',
  });

  // opening: reset the search, pre-select the current value, load the departments
  useEffect(() => {
    if (!open) return;
    setSelected(initialRows ?? []);
    setDepartId(undefined);
    setUsername('');
    setRealname('');
    setQuery({ username: '', realname: '' });
    firstPage();
    let alive = true;
    setTreeLoading(true);
    loadDepartTree()
      .then((t) => alive && setTree(t))
      .catch(() => {})
      .finally(() => alive && setTreeLoading(false));
    return () => {
      alive = false;
    };
  }, [open, initialRows, firstPage]);

  const search = () => {
    setQuery({ username, realname });
    firstPage();
  };
  const reset = () => {
    setUsername('');
    setRealname('');
    setDepartId(undefined);
    setQuery({ username: '', realname: '' });
    firstPage();
  };

  const submitPicked = useSubmitPicked(multiple, onOk);
  const submit = () => submitPicked(selected);

  return (
    <Modal
      title={USER_MODAL_TITLE}
      open={open}
      width={layout.width}
      onOk={submit}
      onCancel={onCancel}
      okText="确定"
      cancelText="关闭"
      destroyOnHidden
      styles={{ body: { overflowX: 'auto' } }}
    >
      <Row gutter={10} style={layout.scrollX ? { minWidth: layout.scrollX } : undefined}>
        <Col span={6}>
          <Card size="small" title="部门" styles={{ body: { padding: 8 } }}>
            <DepartTree
              tree={tree}
              loading={treeLoading}
              height={420}
              selectedKeys={departId ? [departId] : []}
              onSelect={(key) => {
                setDepartId((cur) => (cur === key ? undefined : key));
                firstPage();
              }}
            />
          </Card>
        </Col>
        <Col span={18}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Input
              allowClear
              placeholder="请输入用户账号"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              onPressEnter={search}
              style={{ width: 180 }}
              aria-label="用户账号"
            />
            <Input
              allowClear
              placeholder="请输入用户姓名"
              value={realname}
              onChange={(e) => setRealname(e.target.value)}
              onPressEnter={search}
              style={{ width: 180 }}
              aria-label="用户姓名"
            />
            <Button type="primary" onClick={search}>
              查询
            </Button>
            <Button onClick={reset}>重置</Button>
          </Space>
          <Table<PickerUser>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={loading}
            scroll={layout.scrollX ? { x: layout.scrollX } : undefined}
            rowSelection={{
              type: multiple ? 'checkbox' : 'radio',
              preserveSelectedRowKeys: true,
              selectedRowKeys: selected.map((r) => r.id),
              onChange: (keys) =>
                setSelected((prev) =>
                  mergeSelection(
                    prev,
                    rows,
                    keys.map((k) => String(k)),
                    multiple,
                  ),
                ),
            }}
            onRow={(record) => ({
              onClick: () =>
                setSelected((prev) => {
                  const has = prev.some((r) => r.id === record.id);
                  if (has) return prev.filter((r) => r.id !== record.id);
                  return multiple ? [...prev, record] : [record];
                }),
            })}
            pagination={pagination}
          />
        </Col>
      </Row>
    </Modal>
  );
}

export default JSelectUserByDepModal;
