import { useState } from 'react';
import type { SysMessageTemplate } from '../../../api/message';
import { CrudPage } from '../../../components/kit';
import { SendTestModal } from './send-test';
import { templatePage } from './template.data';

/** 模板管理 (component modules/message/SysMessageTemplateList): template.data.ts, 发送测试 in send-test.tsx. */
export default function SysMessageTemplateList() {
  const [testing, setTesting] = useState<SysMessageTemplate | null>(null);
  return (
    <CrudPage schema={templatePage} handlers={{ test: (r) => setTesting(r ?? null) }}>
      {() => <SendTestModal template={testing} onClose={() => setTesting(null)} />}
    </CrudPage>
  );
}
