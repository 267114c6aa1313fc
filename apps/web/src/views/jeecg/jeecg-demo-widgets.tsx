import { EditOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import type { JeecgDemo } from '../../api/demo';
import { fileUrl } from '../../api/http';
import { sanitizeHtml } from '../../components/HeaderNotice/sanitize-html';
import { JAreaText } from '../../components/JAreaLinkage';
import { JDetailList } from '../../components/JDetailList';
import { JImagePreview } from '../../components/JImagePreview';
import { JImageUploadTabs } from '../../components/JImageUploadTabs';
import { usePrompt } from '../../components/JPrompt';
import { registerWidget } from '../../components/kit';
import { lazyWidget } from '../../components/kit/widgets';

/** what the demo form hands its custom widgets */
interface DemoFieldProps {
  value?: string | null;
  onChange?: (v: string) => void;
  id?: string;
  disabled?: boolean;
}

import { SliderVerify } from '../../components/SliderVerify';

/**
 * The demo form's own widgets (单表模型示例), registered once when the page loads: each composes shared components
 * of components/ (nothing re-implemented) where one form field needs more than one of them.
 */

export const DEMO_REMARK_MAX = 500;
export const SLIDER_REQUIRED = '请先完成滑块验证';

/** 备注: the text comes from the prompt dialog (JPrompt) */
function DemoPromptInput({ value, onChange, id, disabled }: DemoFieldProps) {
  const [prompt, holder] = usePrompt();
  const ask = async () => {
    const v = await prompt({
      title: '填写备注',
      content: `备注最多 ${DEMO_REMARK_MAX} 个字`,
      defaultValue: value ?? '',
      multiline: true,
      rules: [
        { required: true, whitespace: true, message: '请输入备注' },
        { max: DEMO_REMARK_MAX, message: `备注最多 ${DEMO_REMARK_MAX} 个字` },
      ],
    });
    if (v !== undefined) onChange?.(v.trim());
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} readOnly value={value ?? ''} placeholder="点击右侧按钮填写" />
      <Button icon={<EditOutlined />} disabled={disabled} onClick={ask}>
        填写备注
      </Button>
      {holder}
    </Space.Compact>
  );
}

/** slider verification: the value becomes 'ok' once the handle reached the end (not sent to the server) */
function DemoSlider({ onChange }: { value?: string | null; onChange?: (v: string) => void }) {
  return <SliderVerify onSuccess={() => onChange?.('ok')} />;
}

const CodeEditor = lazyWidget(() => import('../../components/JCodeEditor'));

/** the code editor in the language chosen in the form's 代码语言 field (tab size 2, spec 02 §9) */
function DemoCode(props: { value?: string | null; onChange?: (v: string) => void; id?: string }) {
  const form = Form.useFormInstance();
  const lang = Form.useWatch('codeLang', form) as string | undefined;
  return <CodeEditor {...props} language={lang || 'javascript'} tabSize={2} height="200px" />;
}

/** image upload (本地上传 / 网络图片地址) with the preview below: previous / next in the viewer, 前移 / 后移 reorder */
function DemoImages({ value, onChange, id, disabled }: DemoFieldProps) {
  return (
    <div id={id}>
      <JImageUploadTabs value={value} onChange={onChange} number={6} biz="temp" disabled={disabled} />
      {value ? (
        <div style={{ marginTop: 8 }} data-testid="demo-image-preview">
          <JImagePreview value={value} movable={!disabled} size={64} onChange={(v) => onChange?.(v)} />
        </div>
      ) : null}
    </div>
  );
}

let registered = false;
/** registers the demo widgets (idempotent) */
export function registerDemoWidgets(): void {
  if (registered) return;
  registered = true;
  registerWidget('demo-prompt', { component: DemoPromptInput });
  registerWidget('demo-slider', { component: DemoSlider, picked: true });
  registerWidget('demo-code', { component: DemoCode });
  registerWidget('demo-images', { component: DemoImages, picked: true });
}

const fileName = (p: string) => decodeURIComponent(p.split('/').pop() ?? p);

/** the label the list gave a field (`<field>_dictText`), else the stored value */
const labelOf = (row: JeecgDemo, field: keyof JeecgDemo) =>
  (row as unknown as Record<string, unknown>)[`${field}_dictText`] || row[field];

/** 详情: every saved value in a detail list of at most 4 columns */
export function DemoDetail({ row, renderMarkdown }: { row: JeecgDemo; renderMarkdown: (md: string) => string }) {
  const files = (row.files ?? '').split(',').filter(Boolean);
  return (
    <JDetailList
      id="demo-detail"
      column={4}
      bordered
      size="small"
      items={[
        { label: '用户名', value: row.name },
        { label: '性别', value: row.sex_dictText ?? row.sex },
        { label: '年龄', value: row.age },
        { label: '生日', value: row.birthday },
        { label: '字典下拉', value: labelOf(row, 'dictSelect') },
        { label: '字典多选框', value: labelOf(row, 'dictCheckbox') },
        { label: '字典多选', value: labelOf(row, 'dictMulti') },
        { label: '字典搜索', value: labelOf(row, 'dictSearch') },
        { label: '分类字典', value: labelOf(row, 'categoryCode') },
        { label: '树选择', value: labelOf(row, 'treeSelect') },
        { label: '省市区', render: <JAreaText value={row.areaCode} /> },
        { label: '是否启用', value: row.yesNo === 'Y' ? '是' : row.yesNo === 'N' ? '否' : row.yesNo },
        { label: '部门', value: labelOf(row, 'departIds'), span: 2 },
        { label: '用户', value: labelOf(row, 'userNames'), span: 2 },
        { label: '职务', value: labelOf(row, 'postCodes'), span: 2 },
        { label: '角色', value: labelOf(row, 'roleIds'), span: 2 },
        { label: '备注', value: row.remark, span: 4 },
        {
          label: '附件',
          span: 4,
          render: files.length ? (
            <Space wrap>
              {files.map((f) => (
                <a key={f} href={fileUrl(f)} target="_blank" rel="noopener noreferrer">
                  {fileName(f)}
                </a>
              ))}
            </Space>
          ) : (
            '-'
          ),
        },
        { label: '图片', span: 4, render: <JImagePreview value={row.images} size={64} /> },
        {
          label: 'Markdown',
          span: 4,
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered through the contract allow-list
          render: <div className="demo-md" dangerouslySetInnerHTML={{ __html: renderMarkdown(row.markdown ?? '') }} />,
        },
        {
          label: '富文本',
          span: 4,
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on save and again here (one allow-list)
          render: <div className="demo-rich" dangerouslySetInnerHTML={{ __html: sanitizeHtml(row.richText ?? '') }} />,
        },
        {
          label: `代码（${row.codeLang ?? '-'}）`,
          span: 4,
          render: <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{row.codeText ?? '-'}</pre>,
        },
      ]}
    />
  );
}
