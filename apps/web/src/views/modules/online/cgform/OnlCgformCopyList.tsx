import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CrudPage } from '../../../../components/kit';
import { CgformDesigner } from './designer/CgformDesigner';
import { themeRoute } from './designer/designer-logic';
import { copyListPage } from './designer/head-list.data';

/** AUTO复制表单 (component modules/online/cgform/OnlCgformCopyList, `/online/copyform/:code`): copies of one definition. */
export default function OnlCgformCopyList() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [design, setDesign] = useState<string | null>(null);
  return (
    <CrudPage
      key={code}
      schema={copyListPage}
      fixedParams={{ physicId: code, copyType: 1 }}
      handlers={{
        design: (r) => r && setDesign(r.id),
        test: (r) => r && navigate(themeRoute(r)),
      }}
    >
      {(ctx) => (
        <CgformDesigner
          open={!!design}
          headId={design}
          onClose={() => setDesign(null)}
          onSaved={() => {
            setDesign(null);
            ctx.reload();
          }}
        />
      )}
    </CrudPage>
  );
}
