import { Button, Card, Col, Input, Modal, Row, Space, Table, type TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../api/http';
import { useFeedback } from '../../utils/feedback';
import { DepartTree } from '../JSelectDepart/DepartTree';
import { loadDepartTree } from '../JSelectDepart/depart-tree';
import type { DepartTreeNode } from '../JSelectDepart/logic';
import {
  confirmError,
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

interface PageAnswer {
  records?: PickerUser[];
  total?: number;
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
  const { message } = useFeedback();
  const layout = modalLayout(useWindowWidth());
  const [tree, setTree] = useState<DepartTreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(false);
  const [departId, setDepartId] = useState<string | undefined>();
  const [username, setUsername] = useState('');
  const [realname, setRealname] = useState('');
  const [query, setQuery] = useState({ username: '', realname: '' });
  const [page, setPage] = useState({ pageNo: 1, pageSize: USER_PAGE_SIZE });
  const [rows, setRows] = useState<PickerUser[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<PickerUser[]>([]);

  // opening: reset the search, pre-select the current value, load the departments
  useEffect(() => {
    if (!open) return;
    setSelected(initialRows ?? []);
    setDepartId(undefined);
    setUsername('');
    setRealname('');
    setQuery({ username: '', realname: '' });
    setPage((p) => ({ ...p, pageNo: 1 }));
    let alive = true;
    setTreeLoading(true);
    loadDepartTree()
      .then((t) => alive && setTree(t))
      .catch(() => {})
      .finally(() => alive && setTreeLoading(false));
    return () => {
      alive = false;
    };
  }, [open, initialRows]);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await http.get<PageAnswer | PickerUser[]>(
        '/sys/user/queryUserComponentData',
        userQueryParams({ ...page, departId, ...query }),
      );
      if (!res.success) {
        message.warning(res.message || '用户加载失败');
        return;
      }
      const r = res.result;
      const list = Array.isArray(r) ? r : (r?.records ?? []);
      setRows(list);
      setTotal(Array.isArray(r) ? r.length : Number(r?.total ?? list.length));
    } catch {
      // the http client has shown the failure
    } finally {
      setLoading(false);
    }
  }, [page, departId, query, message]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const search = () => {
    setQuery({ username, realname });
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const reset = () => {
    setUsername('');
    setRealname('');
    setDepartId(undefined);
    setQuery({ username: '', realname: '' });
    setPage((p) => ({ ...p, pageNo: 1 }));
  };

  const submit = () => {
    const err = confirmError(selected, multiple);
    if (err) {
      message.warning(err);
      return;
    }
    onOk(selected);
  };

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
                setPage((p) => ({ ...p, pageNo: 1 }));
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
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total,
              showSizeChanger: true,
              showQuickJumper: true,
              pageSizeOptions: USER_PAGE_SIZES,
              showTotal: (t, range) => `${range[0]}-${range[1]} 共 ${t} 条`,
              onChange: (pageNo, pageSize) => setPage({ pageNo: pageSize !== page.pageSize ? 1 : pageNo, pageSize }),
            }}
          />
        </Col>
      </Row>
    </Modal>
  );
}

export default JSelectUserByDepModal;
