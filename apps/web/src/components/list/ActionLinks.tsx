import { DownOutlined, EllipsisOutlined } from '@ant-design/icons';
import { Divider, Dropdown, type MenuProps, Popconfirm, Typography } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useDevice } from '../../layouts/useDevice';
import { LIST_MESSAGES } from './constants';

export interface ActionItem {
  key?: string;
  label: ReactNode;
  onClick?: () => void;
  /** a Popconfirm with this title guards the click (e.g. 确定删除吗?) */
  confirm?: ReactNode;
  /** not rendered (e.g. no permission) */
  hidden?: boolean;
  /** shown but not clickable (a 'disabled' permission decision) */
  disabled?: boolean;
  danger?: boolean;
}

export interface ActionLinksProps {
  /** 编辑 as the first link */
  onEdit?: () => void;
  /** 删除 (with the popconfirm 确定删除吗?) at the end of 更多 */
  onDelete?: () => void;
  /** more links before 更多 */
  actions?: ActionItem[];
  /** entries of the 更多 dropdown (before 删除) */
  more?: ActionItem[];
  editText?: ReactNode;
  moreText?: ReactNode;
  /**
   * every action in one `⋯` menu (a narrow column that stays on screen); default: on phones (< 768 px), where
   * `编辑 | 更多` sat off-screen at the end of a scrolled table (issue 29)
   */
  compact?: boolean;
}

function confirmed(item: ActionItem, after?: () => void) {
  if (item.disabled) return <Typography.Link disabled>{item.label}</Typography.Link>;
  return (
    <Popconfirm
      title={item.confirm}
      okText="确定"
      cancelText="取消"
      onConfirm={() => {
        after?.();
        item.onClick?.();
      }}
    >
      <Typography.Link>{item.label}</Typography.Link>
    </Popconfirm>
  );
}

/**
 * The 操作 column of a list row: `编辑 | 更多 ▾` with 删除 (popconfirm 确定删除吗?) inside the dropdown, like JeecgBoot.
 * Entries with `hidden` are left out; the dropdown disappears when it has no entry.
 */
export function ActionLinks({
  onEdit,
  onDelete,
  actions = [],
  more = [],
  editText = '编辑',
  moreText = '更多',
  compact,
}: ActionLinksProps) {
  const [open, setOpen] = useState(false);
  const { isSmall } = useDevice();
  const oneMenu = compact ?? isSmall;
  const direct: ActionItem[] = [
    ...(onEdit ? [{ key: 'edit', label: editText, onClick: onEdit }] : []),
    ...actions,
  ].filter((a) => !a.hidden);
  const rest: ActionItem[] = [
    ...more,
    ...(onDelete ? [{ key: 'delete', label: '删除', confirm: LIST_MESSAGES.confirmDeleteOne, onClick: onDelete }] : []),
  ].filter((a) => !a.hidden);
  const links = oneMenu ? [] : direct;
  const menuItems = oneMenu ? [...direct, ...rest] : rest;

  const keyOf = (a: ActionItem, i: number) => a.key ?? `a${i}`;
  const items: MenuProps['items'] = menuItems.map((a, i) => ({
    key: keyOf(a, i),
    danger: a.danger,
    disabled: a.disabled,
    label: a.confirm ? confirmed(a, () => setOpen(false)) : <Typography.Link>{a.label}</Typography.Link>,
  }));

  return (
    <span className="action-links" style={{ whiteSpace: 'nowrap' }}>
      {links.map((a, i) => (
        <Fragment key={keyOf(a, i)}>
          {i > 0 && <Divider orientation="vertical" />}
          {a.confirm ? (
            confirmed(a)
          ) : (
            <Typography.Link disabled={a.disabled} onClick={a.onClick}>
              {a.label}
            </Typography.Link>
          )}
        </Fragment>
      ))}
      {items.length > 0 && (
        <>
          {links.length > 0 && <Divider orientation="vertical" />}
          <Dropdown
            open={open}
            onOpenChange={(next, info) => {
              // a click on a confirm entry keeps the menu (and its popconfirm) open
              if (!next && info.source === 'menu') return;
              setOpen(next);
            }}
            menu={{
              items,
              onClick: ({ key }) => {
                const hit = menuItems.find((a, i) => keyOf(a, i) === key);
                if (!hit || hit.confirm || hit.disabled) return;
                setOpen(false);
                hit.onClick?.();
              },
            }}
          >
            {oneMenu ? (
              <Typography.Link
                className="ant-dropdown-link action-links-compact"
                aria-label="操作"
                onClick={(e) => e.preventDefault()}
              >
                <EllipsisOutlined style={{ fontSize: 20 }} />
              </Typography.Link>
            ) : (
              <Typography.Link className="ant-dropdown-link" onClick={(e) => e.preventDefault()}>
                {moreText} <DownOutlined />
              </Typography.Link>
            )}
          </Dropdown>
        </>
      )}
    </span>
  );
}

export default ActionLinks;
