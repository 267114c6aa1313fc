import { Card, Empty, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type JeecgDemo, listDemo } from '../../api/demo';
import { JDetailList } from '../../components/JDetailList';
import { SplitPane } from '../../components/SplitPane';
import { useSession } from '../../stores/session';
import './split-panel.css';

/**
 * 分屏 (JeecgBoot jeecg/SplitPanel): two resizable panes — the 单表模型示例 records on the left, the chosen record's
 * details on the right. Drag the bar between them or focus it and use ← → (Shift: larger steps, Home / End); the
 * split is kept per user (localStorage) and comes back after F5.
 */
export default function SplitPanel() {
  const user = useSession((s) => s.userInfo?.username ?? s.username);
  const [rows, setRows] = useState<JeecgDemo[]>([]);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<JeecgDemo | null>(null);
  useEffect(() => {
    let alive = true;
    listDemo({ pageNo: 1, pageSize: 20 })
      .then((res) => {
        if (alive && res.success) {
          setRows(res.result.records);
          setPicked(res.result.records[0] ?? null);
        }
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Card variant="borderless" className="split-panel-page">
      <div className="split-panel-box">
        <SplitPane
          id="jeecg-split-panel"
          user={user}
          defaultSplit={40}
          min={20}
          max={80}
          first={
            <div className="split-panel-pane" data-testid="split-first">
              <Typography.Title level={5}>记录列表</Typography.Title>
              <Table<JeecgDemo>
                size="small"
                rowKey="id"
                loading={loading}
                pagination={false}
                dataSource={rows}
                rowClassName={(r) => (r.id === picked?.id ? 'split-panel-picked' : '')}
                onRow={(r) => ({ onClick: () => setPicked(r) })}
                columns={[
                  { title: '姓名', dataIndex: 'name', ellipsis: true },
                  { title: '年龄', dataIndex: 'age', width: 64 },
                  { title: '邮箱', dataIndex: 'email', ellipsis: true },
                ]}
              />
            </div>
          }
          second={
            <div className="split-panel-pane" data-testid="split-second">
              <Typography.Title level={5}>记录详情</Typography.Title>
              {picked ? (
                <JDetailList
                  column={2}
                  bordered
                  size="small"
                  items={[
                    { label: '姓名', value: picked.name },
                    { label: '性别', value: picked.sex_dictText ?? picked.sex },
                    { label: '年龄', value: picked.age },
                    { label: '生日', value: picked.birthday },
                    { label: '邮箱', value: picked.email, span: 2 },
                    { label: '工资', value: picked.salaryMoney },
                    { label: '奖金', value: picked.bonusMoney },
                    { label: '个人简介', value: picked.content, span: 2 },
                  ]}
                />
              ) : (
                <Empty description="请在左侧选择一条记录" />
              )}
            </div>
          }
        />
      </div>
    </Card>
  );
}
