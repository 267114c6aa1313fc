import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { DepartTree, type DepartTreeNode, loadDepartTree } from '../../components/JSelectDepart';
import { CrudPage } from '../../components/kit';
import { addressPage } from './address/address.data';

const keyOf = (d: DepartTreeNode) => String(d.key ?? d.id);

/** 通讯录 (component system/AddressList): the department tree (with search) beside the contacts of address.data.ts. */
export default function AddressList() {
  const departs = useQuery({ queryKey: ['address-book', 'departs'], queryFn: () => loadDepartTree() });
  const [depart, setDepart] = useState<DepartTreeNode | null>(null);

  const title = (
    <span>
      通讯录
      <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontWeight: 'normal' }}>
        {depart ? `当前部门：${depart.departName ?? depart.title}` : '全部部门'}
      </Typography.Text>
    </span>
  );
  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={6}>
        <Card variant="borderless" title="组织机构" styles={{ body: { padding: 12 } }} style={{ marginBottom: 12 }}>
          <DepartTree
            tree={departs.data ?? []}
            loading={departs.isLoading}
            height={520}
            placeholder="请输入部门名称"
            selectedKeys={depart ? [keyOf(depart)] : []}
            onSelect={(key, node) => setDepart((cur) => (cur && keyOf(cur) === key ? null : node))}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <CrudPage schema={{ ...addressPage, title }} fixedParams={{ orgCode: depart?.orgCode ?? undefined }} />
      </Col>
    </Row>
  );
}
