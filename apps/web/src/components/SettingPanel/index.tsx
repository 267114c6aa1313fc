import { CheckOutlined } from '@ant-design/icons';
import { Divider, List, Select, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { COLOR_PALETTE, type LayoutMode, type NavTheme, useSettings } from '../../stores/settings';
import './setting-panel.css';

function Row({ title, action, disabledHint }: { title: string; action: ReactNode; disabledHint?: string }) {
  return (
    <List.Item actions={[action]} style={{ paddingInline: 0 }}>
      <Tooltip title={disabledHint}>
        <span style={{ opacity: disabledHint ? 0.5 : 1 }}>{title}</span>
      </Tooltip>
    </List.Item>
  );
}

/** A swatch-like picker card for the two-option settings (menu theme, navigation mode). */
function ModeCard({
  active,
  label,
  onClick,
  children,
}: {
  active: boolean;
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <button
        type="button"
        className={`answer-setting-card${active ? ' is-active' : ''}`}
        aria-pressed={active}
        aria-label={label}
        onClick={onClick}
      >
        {children}
        {active ? <CheckOutlined className="answer-setting-card-check" /> : null}
      </button>
    </Tooltip>
  );
}

function LayoutPreview({ side, dark, top }: { side?: boolean; dark?: boolean; top?: boolean }) {
  const nav = dark ? '#001529' : '#fff';
  return (
    <svg width="48" height="40" viewBox="0 0 48 40" aria-hidden>
      <rect width="48" height="40" rx="3" fill="#f0f2f5" />
      {top ? <rect width="48" height="9" rx="2" fill={dark ? '#001529' : '#fff'} /> : null}
      {side ? <rect width="13" height="40" rx="2" fill={nav} /> : null}
      {side ? <rect x="13" width="35" height="8" fill="#fff" /> : null}
    </svg>
  );
}

/** The appearance settings (spec §2.5 settings drawer, §3): used by the 系统设置 drawer and the 个性化设置 page. */
export function SettingPanel() {
  const s = useSettings();
  const update = s.update;
  const top = s.layout === 'topmenu';

  return (
    <div className="answer-setting-panel">
      <Typography.Title level={5}>整体风格设置</Typography.Title>
      <div className="answer-setting-cards">
        {(['dark', 'light'] as NavTheme[]).map((t) => (
          <ModeCard
            key={t}
            active={!s.darkMode && s.navTheme === t}
            label={t === 'dark' ? '暗色菜单风格' : '亮色菜单风格'}
            onClick={() => update({ navTheme: t, darkMode: false })}
          >
            <LayoutPreview side dark={t === 'dark'} />
          </ModeCard>
        ))}
        <ModeCard active={s.darkMode} label="暗黑模式" onClick={() => update({ darkMode: true })}>
          <svg width="48" height="40" viewBox="0 0 48 40" aria-hidden>
            <rect width="48" height="40" rx="3" fill="#141414" />
            <rect width="13" height="40" rx="2" fill="#000" />
            <rect x="13" width="35" height="8" fill="#1f1f1f" />
          </svg>
        </ModeCard>
      </div>

      <Typography.Title level={5}>主题色</Typography.Title>
      <fieldset className="answer-setting-colors" aria-label="主题色">
        {COLOR_PALETTE.map((c) => {
          const active = s.primaryColor.toLowerCase() === c.color.toLowerCase();
          return (
            <Tooltip key={c.color} title={c.key}>
              <button
                type="button"
                aria-pressed={active}
                aria-label={`${c.key} ${c.color}`}
                data-color={c.color}
                className="answer-setting-color"
                style={{ background: c.color }}
                onClick={() => update({ primaryColor: c.color })}
              >
                {active ? <CheckOutlined /> : null}
              </button>
            </Tooltip>
          );
        })}
      </fieldset>

      <Divider />
      <Typography.Title level={5}>导航模式</Typography.Title>
      <div className="answer-setting-cards">
        {(['sidemenu', 'topmenu'] as LayoutMode[]).map((m) => (
          <ModeCard
            key={m}
            active={s.layout === m}
            label={m === 'sidemenu' ? '侧边栏导航' : '顶部栏导航'}
            onClick={() => update({ layout: m })}
          >
            <LayoutPreview side={m === 'sidemenu'} top={m === 'topmenu'} dark />
          </ModeCard>
        ))}
      </div>
      <List split={false} size="small">
        <Row
          title="内容区域宽度"
          action={
            <Select
              size="small"
              style={{ width: 88 }}
              value={s.contentWidth}
              aria-label="内容区域宽度"
              onChange={(v) => update({ contentWidth: v })}
              options={[{ value: 'Fixed', label: '固定' }, ...(top ? [{ value: 'Fluid', label: '流式' }] : [])]}
            />
          }
        />
        <Row
          title="固定 Header"
          action={
            <Switch
              size="small"
              aria-label="固定 Header"
              checked={s.fixedHeader}
              onChange={(v) => update({ fixedHeader: v })}
            />
          }
        />
        <Row
          title="下滑时隐藏 Header"
          disabledHint={s.fixedHeader ? undefined : '固定 Header 时可配置'}
          action={
            <Switch
              size="small"
              aria-label="下滑时隐藏 Header"
              disabled={!s.fixedHeader}
              checked={s.autoHideHeader}
              onChange={(v) => update({ autoHideHeader: v })}
            />
          }
        />
        <Row
          title="固定侧边菜单"
          disabledHint={top ? '侧边栏导航时可配置' : undefined}
          action={
            <Switch
              size="small"
              aria-label="固定侧边菜单"
              disabled={top}
              checked={s.fixSiderbar}
              onChange={(v) => update({ fixSiderbar: v })}
            />
          }
        />
      </List>

      <Divider />
      <Typography.Title level={5}>其他设置</Typography.Title>
      <List split={false} size="small">
        <Row
          title="色弱模式"
          action={
            <Switch
              size="small"
              aria-label="色弱模式"
              checked={s.colorWeak}
              onChange={(v) => update({ colorWeak: v })}
            />
          }
        />
        <Row
          title="多页签模式"
          action={
            <Switch
              size="small"
              aria-label="多页签模式"
              checked={s.multipage}
              onChange={(v) => update({ multipage: v })}
            />
          }
        />
        <Row
          title="暗黑模式"
          action={
            <Switch size="small" aria-label="暗黑模式" checked={s.darkMode} onChange={(v) => update({ darkMode: v })} />
          }
        />
      </List>
    </div>
  );
}

export default SettingPanel;
