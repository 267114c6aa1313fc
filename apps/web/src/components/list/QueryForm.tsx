import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Form, type FormInstance, Row, Space, Typography } from 'antd';
import { Children, isValidElement, type ReactNode, useState } from 'react';
import { QUERY_FORM_VISIBLE_FIELDS } from './constants';
import './list.css';

export interface QueryFormProps<V extends Record<string, unknown> = Record<string, unknown>> {
  /** antd `Form.Item`s with a `name` each */
  children: ReactNode;
  /** 查询: the form values (the list machinery strips empty ones) */
  onSearch: (values: V) => void;
  /** 重置: after the fields are cleared */
  onReset?: () => void;
  /** a form instance of the page (to read or set values from outside) */
  form?: FormInstance<V>;
  initialValues?: Partial<V>;
  /** fields shown while collapsed; more fields bring 展开/收起 @default 3 */
  visibleCount?: number;
  /** extra buttons after 查询 / 重置 */
  extra?: ReactNode;
  /** one line of fields and buttons (for narrow panels, where the page grid has no room) */
  inline?: boolean;
  /** starts expanded (a page opened with a value in a field that would be collapsed shows that field) */
  defaultExpanded?: boolean;
}

/**
 * The query area of a list page (JeecgBoot's table-page-search-wrapper): fields on a responsive grid, 查询 / 重置,
 * and 展开/收起 when there are more fields than fit. Collapsed fields stay mounted, so their values are kept.
 */
export function QueryForm<V extends Record<string, unknown> = Record<string, unknown>>({
  children,
  onSearch,
  onReset,
  form: external,
  initialValues,
  visibleCount = QUERY_FORM_VISIBLE_FIELDS,
  extra,
  inline,
  defaultExpanded = false,
}: QueryFormProps<V>) {
  const [own] = Form.useForm<V>();
  const form = external ?? own;
  const [expanded, setExpanded] = useState(defaultExpanded);
  const items = Children.toArray(children).filter(isValidElement);
  const collapsible = items.length > visibleCount;

  const submit = () => onSearch(form.getFieldsValue(true) as V);
  const reset = () => {
    form.resetFields();
    onReset?.();
  };

  if (inline) {
    return (
      <Form<V>
        form={form}
        layout="inline"
        initialValues={initialValues}
        onFinish={submit}
        className="query-form-inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        data-testid="query-form"
      >
        {items}
        <Form.Item style={{ marginInlineEnd: 0 }}>
          <Space wrap size={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset}>
              重置
            </Button>
            {extra}
          </Space>
        </Form.Item>
      </Form>
    );
  }

  return (
    <div className="table-page-search-wrapper">
      <Form<V>
        form={form}
        layout="horizontal"
        labelCol={{ flex: 'none' }}
        wrapperCol={{ flex: '1 1 0' }}
        labelWrap={false}
        className="query-form"
        initialValues={initialValues}
        onFinish={submit}
        data-testid="query-form"
      >
        <Row gutter={24}>
          {items.map((item, i) => (
            <Col
              key={item.key ?? i}
              data-query-field={i}
              xl={6}
              lg={8}
              md={12}
              sm={24}
              xs={24}
              style={collapsible && !expanded && i >= visibleCount ? { display: 'none' } : undefined}
            >
              {item}
            </Col>
          ))}
          <Col xl={6} lg={8} md={12} sm={24} xs={24} className="query-form-buttons">
            <Space wrap size={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reset}>
                重置
              </Button>
              {collapsible && (
                <Typography.Link onClick={() => setExpanded((v) => !v)}>
                  {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
                </Typography.Link>
              )}
              {extra}
            </Space>
          </Col>
        </Row>
      </Form>
    </div>
  );
}

export default QueryForm;
