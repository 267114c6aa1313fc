import { Drawer, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import {
  CGFORM_URLS,
  type CgformButton,
  type CgformHead,
  queryTables,
  transTables,
} from '../../../../../api/cgform-design';
import { CrudPage, definePage } from '../../../../../components/kit';
import { MenuUrlModal } from '../../../../../components/online/MenuUrlModal';
import { feedback } from '../../../../../utils/feedback';
import { menuUrl } from './designer-logic';

/** 导入数据库表: the tables no definition holds yet (head/queryTables), turned into definitions (head/transTables) */
export function ImportTablesModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [tables, setTables] = useState<string[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPicked([]);
    setLoading(true);
    void queryTables()
      .then((res) => {
        if (!res.success) return feedback.message.warning(res.message);
        const list = Array.isArray(res.result) ? res.result : [];
        setTables(
          list
            .map((t) =>
              typeof t === 'string'
                ? t
                : String((t as Record<string, unknown>).id ?? (t as Record<string, unknown>).tableName ?? ''),
            )
            .filter(Boolean),
        );
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [open]);

  const ok = async () => {
    if (!picked.length) return feedback.message.warning('请选择要导入的表');
    setBusy(true);
    try {
      const res = await transTables(picked);
      if (!res.success) return feedback.message.warning(res.message);
      feedback.message.success(res.message || '导入成功');
      onDone();
    } catch {
      // shown by the http client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="导入数据库表"
      open={open}
      onCancel={onClose}
      onOk={() => void ok()}
      confirmLoading={busy}
      okText="导入"
      cancelText="关闭"
      destroyOnHidden
    >
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        loading={loading}
        placeholder="请选择数据库表"
        value={picked}
        onChange={setPicked}
        options={tables.map((t) => ({ value: t, label: t }))}
        notFoundContent={loading ? '加载中…' : '没有可导入的表'}
        data-testid="cgform-import-tables"
      />
    </Modal>
  );
}

/** 配置地址: the menu URL of the generated screen (to paste into 菜单管理) */
export function ConfigUrlModal({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  return (
    <MenuUrlModal
      open={!!head}
      url={head ? menuUrl(head) : ''}
      hint="在 菜单管理 中新建菜单，把此地址填入「菜单路径」，前端组件留空即可打开该表单的列表"
      note={<>表单 ID：{head?.id}</>}
      testId="cgform-menu-url"
      onClose={onClose}
    />
  );
}

const buttonPage = definePage<CgformButton>({
  name: 'cgform-button',
  urls: {
    list: CGFORM_URLS.buttonList,
    add: CGFORM_URLS.buttonAdd,
    edit: CGFORM_URLS.buttonEdit,
    delete: CGFORM_URLS.buttonDelete,
    deleteBatch: CGFORM_URLS.buttonDeleteBatch,
  },
  superQuery: false,
  builtins: { export: false, import: false },
  paged: false,
  columns: [
    { field: 'buttonCode', title: '按钮编码', width: 120 },
    { field: 'buttonName', title: '按钮名称', width: 120 },
    {
      field: 'buttonStyle',
      title: '按钮样式',
      width: 90,
      render: (v) => (v === 'link' ? '链接' : '按钮'),
    },
    { field: 'optType', title: '动作类型', width: 90 },
    { field: 'optPosition', title: '位置', width: 80, render: (v) => (String(v) === '1' ? '侧面' : '底部') },
    { field: 'buttonStatus', title: '状态', width: 80, render: (v) => (String(v) === '1' ? '激活' : '未激活') },
    { field: 'orderNum', title: '排序', width: 70 },
  ],
  form: [
    {
      field: 'buttonCode',
      label: '按钮编码',
      required: '请输入按钮编码!',
      rules: [{ pattern: /^[a-zA-Z][a-zA-Z0-9_]{0,49}$/, message: '按钮编码须以字母开头，只含字母、数字和下划线' }],
    },
    { field: 'buttonName', label: '按钮名称', required: '请输入按钮名称!', props: { maxLength: 50 } },
    {
      field: 'buttonStyle',
      label: '按钮样式',
      widget: 'select',
      initialValue: 'button',
      props: {
        options: [
          { value: 'button', label: 'Button' },
          { value: 'link', label: 'Link' },
        ],
      },
    },
    {
      field: 'optType',
      label: '动作类型',
      widget: 'select',
      initialValue: 'action',
      props: { options: [{ value: 'action', label: 'action' }] },
      extra: '不执行 JS 增强：按钮触发服务端动作（处理完成!）',
    },
    { field: 'buttonIcon', label: '按钮图标', props: { maxLength: 50 } },
    {
      field: 'optPosition',
      label: '按钮位置',
      widget: 'select',
      initialValue: '2',
      props: {
        options: [
          { value: '1', label: '侧面' },
          { value: '2', label: '底部' },
        ],
      },
    },
    { field: 'exp', label: '表达式', props: { maxLength: 255 } },
    { field: 'orderNum', label: '排序', widget: 'number', initialValue: 0 },
    {
      field: 'buttonStatus',
      label: '按钮状态',
      widget: 'select',
      initialValue: '1',
      props: {
        options: [
          { value: '1', label: '激活' },
          { value: '0', label: '未激活' },
        ],
      },
    },
  ],
  editor: { width: 640 },
});

/** 自定义按钮: the custom buttons of one definition (CRUD of /online/cgform/button/*) */
export function ButtonsDrawer({ head, onClose }: { head: CgformHead | null; onClose: () => void }) {
  return (
    <Drawer title={`自定义按钮 — ${head?.tableTxt ?? ''}`} open={!!head} size={820} onClose={onClose} destroyOnHidden>
      {head && (
        <CrudPage
          schema={{ ...buttonPage, urls: { ...buttonPage.urls, list: `${CGFORM_URLS.buttonList}/${head.id}` } }}
          fixedParams={{ cgformHeadId: head.id }}
          embedded
        />
      )}
    </Drawer>
  );
}
