import { useState } from 'react';
import type { JeecgDemo } from '../../api/demo';
import { renderMarkdown } from '../../components/JMarkdownEditor/markdown-logic';
import { CrudPage, KitModal } from '../../components/kit';
import { jeecgDemoPage } from './jeecg-demo.data';
import { DemoDetail, registerDemoWidgets } from './jeecg-demo-widgets';

registerDemoWidgets();

/** 单表模型示例 (常见案例): the demo entity on the page kit; its form shows every form widget, 详情 a detail list */
export default function JeecgDemoList() {
  const [detail, setDetail] = useState<JeecgDemo | null>(null);
  return (
    <CrudPage
      schema={jeecgDemoPage}
      handlers={{ demoDetail: (row) => setDetail((row as JeecgDemo | undefined) ?? null) }}
    >
      {() => (
        <KitModal title="详情" open={!!detail} width="70%" onCancel={() => setDetail(null)} footer={null}>
          {detail && <DemoDetail row={detail} renderMarkdown={renderMarkdown} />}
        </KitModal>
      )}
    </CrudPage>
  );
}
