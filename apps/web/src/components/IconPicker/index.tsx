import { AppstoreAddOutlined, CloseCircleFilled } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Icon } from '../Icon';
import { filterIcons, pickableIcons } from './icons';

export interface IconPickerProps {
  /** the icon name as stored in sys_permission.icon */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/**
 * 选择图标: a read-only input showing the chosen icon and its name, a button opening a searchable grid of the allowed
 * menu icons (components/Icon). Works as an antd Form control; the value is the icon name.
 */
export function IconPicker({ value, onChange, disabled, placeholder = '点击选择图标', id }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const all = useMemo(() => pickableIcons(), []);
  const shown = useMemo(() => filterIcons(all, text), [all, text]);

  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={value ?? ''}
          placeholder={placeholder}
          disabled={disabled}
          prefix={value ? <Icon type={value} /> : undefined}
          suffix={
            value && !disabled ? (
              <CloseCircleFilled
                aria-label="清除图标"
                style={{ color: 'rgba(0,0,0,.25)', cursor: 'pointer' }}
                onClick={() => onChange?.('')}
              />
            ) : (
              <span />
            )
          }
          onClick={() => !disabled && setOpen(true)}
          style={{ cursor: disabled ? undefined : 'pointer' }}
        />
        <Button icon={<AppstoreAddOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <Modal title="选择图标" open={open} width={760} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Input.Search
          placeholder="输入图标名称筛选"
          allowClear
          value={text}
          onChange={(e) => setText(e.target.value)}
          style={{ marginBottom: 12 }}
        />
        {shown.length ? (
          <div
            role="listbox"
            aria-label="图标列表"
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(76px, 1fr))',
              gap: 6,
              maxHeight: 420,
              overflowY: 'auto',
            }}
          >
            {shown.map((name) => (
              <Tooltip key={name} title={name} mouseEnterDelay={0.4}>
                <button
                  type="button"
                  role="option"
                  aria-selected={name === value}
                  aria-label={name}
                  onClick={() => pick(name)}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    gap: 4,
                    padding: '10px 2px 6px',
                    border: `1px solid ${name === value ? '#1677ff' : '#f0f0f0'}`,
                    borderRadius: 4,
                    background: name === value ? '#e6f4ff' : '#fff',
                    cursor: 'pointer',
                    overflow: 'hidden',
                  }}
                >
                  <Icon type={name} style={{ fontSize: 20 }} />
                  <span
                    style={{
                      fontSize: 11,
                      color: '#666',
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {name}
                  </span>
                </button>
              </Tooltip>
            ))}
          </div>
        ) : (
          <Empty description="没有匹配的图标" />
        )}
      </Modal>
    </>
  );
}

export default IconPicker;
