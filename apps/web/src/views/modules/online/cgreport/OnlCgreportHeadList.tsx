import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CgreportHead } from '../../../../api/cgreport';
import { CrudPage } from '../../../../components/kit';
import { MenuUrlModal } from '../../../../components/online/MenuUrlModal';
import { reportRoute } from './designer/designer-logic';
import { reportHeadPage } from './designer/head-list.data';
import { ReportDesigner } from './designer/ReportDesigner';

/** 配置地址: the menu path that opens a report */
function ConfigUrlModal({ head, onClose }: { head: CgreportHead | null; onClose: () => void }) {
  return (
    <MenuUrlModal
      open={!!head}
      url={head ? reportRoute(head.id) : ''}
      hint="在 菜单管理 中新建菜单，把此地址填入「菜单路径」即可打开该报表"
      note={<>报表编码：{head?.code}（弹出选择框 JPopup 用此编码）</>}
      testId="cgreport-menu-url"
      onClose={onClose}
    />
  );
}

/**
 * Online报表配置 (component modules/online/cgreport/OnlCgreportHeadList): the declaration in designer/head-list.data.tsx,
 * the designer modal, 功能测试 (opens /online/cgreport/<id>) and 配置地址.
 */
export default function OnlCgreportHeadList() {
  const navigate = useNavigate();
  const [design, setDesign] = useState<{ head: CgreportHead | null } | null>(null);
  const [urlOf, setUrlOf] = useState<CgreportHead | null>(null);
  return (
    <CrudPage
      schema={reportHeadPage}
      handlers={{
        design: (r) => setDesign({ head: r ?? null }),
        test: (r) => r && navigate(reportRoute(r.id)),
        configUrl: (r) => setUrlOf(r ?? null),
      }}
    >
      {(ctx) => (
        <>
          <ReportDesigner
            open={!!design}
            head={design?.head ?? null}
            onClose={() => setDesign(null)}
            onSaved={() => {
              setDesign(null);
              ctx.reload();
            }}
          />
          <ConfigUrlModal head={urlOf} onClose={() => setUrlOf(null)} />
        </>
      )}
    </CrudPage>
  );
}
