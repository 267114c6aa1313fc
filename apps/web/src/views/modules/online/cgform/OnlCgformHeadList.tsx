import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CgformHead } from '../../../../api/cgform-design';
import { CrudPage } from '../../../../components/kit';
import { CgformDesigner } from './designer/CgformDesigner';
import { themeRoute } from './designer/designer-logic';
import { ButtonsDrawer, ConfigUrlModal, ImportTablesModal } from './designer/head-dialogs';
import { headListPage } from './designer/head-list.data';
import { RoleAuthDrawer } from './designer/RoleAuthDrawer';
import { SyncDbModal } from './designer/SyncDbModal';

/**
 * Online表单开发 (component modules/online/cgform/OnlCgformHeadList): the declaration in designer/head-list.data.tsx,
 * the designer modal and the row dialogs (同步数据库, 配置地址, 自定义按钮, 角色授权, 导入数据库表).
 */
export default function OnlCgformHeadList() {
  const navigate = useNavigate();
  const [design, setDesign] = useState<{ id: string | null } | null>(null);
  const [syncOf, setSyncOf] = useState<CgformHead | null>(null);
  const [urlOf, setUrlOf] = useState<CgformHead | null>(null);
  const [buttonsOf, setButtonsOf] = useState<CgformHead | null>(null);
  const [authOf, setAuthOf] = useState<CgformHead | null>(null);
  const [importing, setImporting] = useState(false);
  return (
    <CrudPage
      schema={headListPage}
      fixedParams={{ copyType: 0 }}
      handlers={{
        design: (r) => setDesign({ id: r?.id ?? null }),
        sync: (r) => setSyncOf(r ?? null),
        test: (r) => r && navigate(themeRoute(r)),
        configUrl: (r) => setUrlOf(r ?? null),
        copies: (r) => r && navigate(`/online/copyform/${encodeURIComponent(r.id)}`),
        buttons: (r) => setButtonsOf(r ?? null),
        roleAuth: (r) => setAuthOf(r ?? null),
        importTables: () => setImporting(true),
      }}
    >
      {(ctx) => (
        <>
          <CgformDesigner
            open={!!design}
            headId={design?.id ?? null}
            onClose={() => setDesign(null)}
            onSaved={() => {
              setDesign(null);
              ctx.reload();
            }}
          />
          <SyncDbModal
            head={syncOf}
            onClose={() => setSyncOf(null)}
            onDone={() => {
              setSyncOf(null);
              ctx.reload();
            }}
          />
          <ConfigUrlModal head={urlOf} onClose={() => setUrlOf(null)} />
          <ButtonsDrawer head={buttonsOf} onClose={() => setButtonsOf(null)} />
          <RoleAuthDrawer head={authOf} onClose={() => setAuthOf(null)} />
          <ImportTablesModal
            open={importing}
            onClose={() => setImporting(false)}
            onDone={() => {
              setImporting(false);
              ctx.reload();
            }}
          />
        </>
      )}
    </CrudPage>
  );
}
