import type { FormRule } from 'antd';
import { Form, Input } from 'antd';
import { registerWidget } from '../../../components/kit';

/** 打开方式 of an announcement: where its 去处理 goes (url) or which page opens in a dialog (component) */
export const OPEN_TYPES = [
  { value: 'url', label: '跳转地址（url）' },
  { value: 'component', label: '弹出组件（component）' },
];

/** an internal route: one leading "/", no scheme, no "//", no backslash (the server checks the same) */
export function isInternalRoute(v: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(v) && !/^\/[^/?#]*:/.test(v);
}

export function isViewPath(v: string): boolean {
  return /^\/?[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(v);
}

const useIsUrl = () => Form.useWatch('openType') === 'url';

/** the label, hint and input of openPage follow the chosen 打开方式 */
export function OpenPageLabel() {
  return <>{useIsUrl() ? '跳转地址' : '组件路径'}</>;
}

export function OpenPageHint() {
  return (
    <>{useIsUrl() ? '系统内的页面路径，如 /isps/userAnnouncement' : '页面组件，如 modules/message/SysMessageList'}</>
  );
}

function OpenPageInput(props: Record<string, unknown>) {
  const placeholder = useIsUrl() ? '/isps/userAnnouncement' : 'modules/xxx/XxxForm';
  return <Input maxLength={255} {...props} placeholder={placeholder} />;
}
registerWidget('announcement-open-page', { component: OpenPageInput });

/** required, and an internal route (url) or a page component path (component) */
export const openPageRule: FormRule = ({ getFieldValue }) => {
  const url = getFieldValue('openType') === 'url';
  return {
    required: true,
    whitespace: true,
    message: url ? '请填写跳转地址' : '请填写组件路径',
    validator: async (_, value?: string) => {
      const v = value?.trim();
      if (!v) throw new Error(url ? '请填写跳转地址' : '请填写组件路径');
      if (url && !isInternalRoute(v))
        throw new Error('跳转地址只能是系统内的页面路径（以 / 开头，不能包含协议、// 或反斜杠）');
      if (!url && !isViewPath(v)) throw new Error('组件路径只能是系统内的页面组件，如 modules/xxx/XxxForm');
    },
  };
};
