import { useState } from 'react';
import type { JeecgOrderMain } from '../../api/demo';
import { CrudPage } from '../../components/kit';
import { orderPage } from './order.data';
import { type OrderEditorState, OrderModal } from './order-modal';

/** 一对多示例 (常见案例): the order list on the kit; add / edit in the main form + sub-tables editor */
export default function JeecgOrderMainList() {
  const [editor, setEditor] = useState<OrderEditorState | null>(null);
  return (
    <CrudPage<JeecgOrderMain>
      schema={orderPage}
      handlers={{
        addOrder: () => setEditor({ mode: 'add', record: null }),
        editOrder: (row) => row && setEditor({ mode: 'edit', record: row }),
      }}
    >
      {(ctx) => <OrderModal state={editor} onClose={() => setEditor(null)} onSaved={ctx.reload} />}
    </CrudPage>
  );
}
