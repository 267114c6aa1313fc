import { Card, Col, Form, Input, Row, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ADDRESS_BOOK_URLS, type Contact } from '../../api/address-book';
import { DepartTree, type DepartTreeNode, loadDepartTree } from '../../components/JSelectDepart';
import { ListCard, QueryForm, useListPage } from '../../components/list';

const columns: TableColumnsType<Contact> = [
  { title: '#', key: 'rowIndex', width: 50, align: 'center', render: (_, __, i) => i + 1 },
  { title: '姓名', dataIndex: 'realname', width: 90, ellipsis: true },
  { title: '工号', dataIndex: 'workNo', width: 80, ellipsis: true },
  { title: '部门', dataIndex: 'departName', width: 140, ellipsis: true },
  { title: '职务', dataIndex: 'post_dictText', width: 100, ellipsis: true },
  { title: '手机', dataIndex: 'phone', width: 115 },
  { title: '座机', dataIndex: 'telephone', width: 100, ellipsis: true },
  { title: '公司邮箱', dataIndex: 'email', ellipsis: true },
];

/**
 * 通讯录 (component system/AddressList; spec 01 §2.2, contract §4.1): the department tree (with search) on the left;
 * on the right the contacts of the chosen department and its sub-departments, searchable by name and work number.
 */
export default function AddressList() {
  const [tree, setTree] = useState<DepartTreeNode[]>([]);
  const [treeLoading, setTreeLoading] = useState(true);
  const [depart, setDepart] = useState<DepartTreeNode | null>(null);
  const orgCode = depart?.orgCode ?? undefined;
  const list = useListPage<Contact>({
    urls: { list: ADDRESS_BOOK_URLS.list },
    defaultSort: { column: 'workNo', order: 'asc' },
    fixedParams: { orgCode },
    selectable: false,
  });

  useEffect(() => {
    let alive = true;
    loadDepartTree()
      .then((t) => alive && setTree(t))
      .catch(() => {})
      .finally(() => alive && setTreeLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={6}>
        <Card variant="borderless" title="组织机构" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
          <DepartTree
            tree={tree}
            loading={treeLoading}
            height={520}
            placeholder="请输入部门名称"
            selectedKeys={depart ? [String(depart.key ?? depart.id)] : []}
            onSelect={(key, node) => setDepart((cur) => (cur && String(cur.key ?? cur.id) === key ? null : node))}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <ListCard
          title={
            <span>
              通讯录
              <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontWeight: 'normal' }}>
                {depart ? `当前部门：${depart.departName ?? depart.title}` : '全部部门'}
              </Typography.Text>
            </span>
          }
          query={
            <QueryForm onSearch={(v) => list.search(v)} onReset={() => list.reset()}>
              <Form.Item name="realname" label="姓名">
                <Input placeholder="请输入姓名" allowClear />
              </Form.Item>
              <Form.Item name="workNo" label="工号">
                <Input placeholder="请输入工号" allowClear />
              </Form.Item>
            </QueryForm>
          }
        >
          <Table<Contact> {...list.tableProps} columns={columns} scroll={{ x: 760 }} />
        </ListCard>
      </Col>
    </Row>
  );
}
