import { Alert, Typography } from 'antd';

export interface SelectionAlertProps {
  count: number;
  onClear: () => void;
}

/** `已选择 N 项 清空` above a list table (JeecgBoot's ant-alert-info). */
export function SelectionAlert({ count, onClear }: SelectionAlertProps) {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        <span data-testid="selection-alert">
          已选择 <Typography.Link style={{ fontWeight: 600 }}>{count}</Typography.Link> 项
          <Typography.Link style={{ marginLeft: 24 }} onClick={onClear}>
            清空
          </Typography.Link>
        </span>
      }
    />
  );
}

export default SelectionAlert;
