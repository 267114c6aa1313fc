import { Card, Col, Row, Statistic } from 'antd';
import { ItemAvatar } from '../example-items';
import { SearchCards } from './search-cards';
import { SearchShell } from './search-shell';

/** 搜索列表（应用） (list/search/Applications): application cards (most active first) with the search filters. */
export default function Applications() {
  return (
    <SearchShell>
      <SearchCards
        noun="应用"
        testId="application-cards"
        sort={{ column: 'activeUser', order: 'desc' }}
        renderCard={(item) => (
          <Card hoverable>
            <Card.Meta avatar={<ItemAvatar item={item} size={24} />} title={item.title} />
            <Row style={{ marginTop: 16 }}>
              <Col span={12}>
                <Statistic title="活跃用户" value={item.activeUser} valueStyle={{ fontSize: 20 }} />
              </Col>
              <Col span={12}>
                <Statistic title="新增用户" value={item.newUser} valueStyle={{ fontSize: 20 }} />
              </Col>
            </Row>
          </Card>
        )}
      />
    </SearchShell>
  );
}
