import type { MenuItem } from '@answer/contract';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Modal, type RefSelectProps, Select, Tooltip, Typography } from 'antd';
import { type Ref, useMemo, useRef, useState } from 'react';
import { filterSearchEntries, menuSearchEntries, type SearchEntry } from './menu-utils';
import { useOpenMenuItem } from './SideMenu';

interface Option {
  value: string;
  label: string;
  entry: SearchEntry;
}

function SearchSelect({
  menu,
  onDone,
  autoFocus,
  style,
  selectRef,
}: {
  menu: readonly MenuItem[];
  onDone?: () => void;
  autoFocus?: boolean;
  style?: React.CSSProperties;
  selectRef?: Ref<RefSelectProps>;
}) {
  const open = useOpenMenuItem();
  const entries = useMemo(() => menuSearchEntries(menu), [menu]);
  const options = useMemo<Option[]>(() => entries.map((e) => ({ value: e.key, label: e.title, entry: e })), [entries]);
  return (
    <Select<string, Option>
      ref={selectRef}
      className="answer-header-search-select"
      showSearch={{
        filterOption: (input, option) => (option ? filterSearchEntries([option.entry], input).length > 0 : false),
      }}
      allowClear
      autoFocus={autoFocus}
      defaultOpen={autoFocus}
      placeholder="搜索菜单"
      aria-label="搜索菜单"
      options={options}
      value={null}
      style={style}
      notFoundContent="没有匹配的菜单"
      optionRender={(o) => (
        <span>
          {o.data.entry.title}
          {o.data.entry.trail.length ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
              {o.data.entry.trail.join(' / ')}
            </Typography.Text>
          ) : null}
        </span>
      )}
      onChange={(_v, option) => {
        const o = Array.isArray(option) ? option[0] : option;
        if (o) {
          open(o.entry.item);
          onDone?.();
        }
      }}
    />
  );
}

/** Header menu search (spec §2.5): inline on desktop, a modal on mobile. */
export function HeaderSearch({ menu, isMobile }: { menu: readonly MenuItem[]; isMobile: boolean }) {
  const [active, setActive] = useState(false);
  const selectRef = useRef<RefSelectProps>(null);
  const trigger = (
    <Button
      type="text"
      className="answer-header-action"
      icon={<SearchOutlined />}
      aria-label="搜索菜单"
      onClick={() => setActive(true)}
    />
  );
  const search = (width: number | string) => (
    <SearchSelect menu={menu} autoFocus selectRef={selectRef} onDone={() => setActive(false)} style={{ width }} />
  );
  if (isMobile) {
    return (
      <>
        {trigger}
        <Modal
          title="搜索菜单"
          open={active}
          footer={null}
          onCancel={() => setActive(false)}
          // the dialog takes the focus as it opens (at once with reduced motion, ADR 048): give it to the field
          afterOpenChange={(opened) => {
            if (opened) selectRef.current?.focus();
          }}
          destroyOnHidden
          width="calc(100vw - 32px)"
          style={{ top: 24, maxWidth: 480 }}
        >
          {search('100%')}
        </Modal>
      </>
    );
  }
  return active ? (
    <div className="answer-header-search" onBlur={() => setActive(false)}>
      {search(220)}
    </div>
  ) : (
    <Tooltip title="搜索菜单">{trigger}</Tooltip>
  );
}
