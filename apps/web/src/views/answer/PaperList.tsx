import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { copyPaper } from '../../api/quiz';
import { CrudPage, runCall } from '../../components/kit';
import { paperPage } from './paper.data';
import { onPapersChanged, PAPER_FORM_PATH, papersSaved } from './paper-logic';
import { PaperPreviewModal } from './paper-preview';

/** reloads the (kept-alive) list after the form page saved */
function ReloadOnSave({ reload }: { reload: () => void }) {
  const seen = useRef(papersSaved());
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    const check = () => {
      if (papersSaved() === seen.current) return;
      seen.current = papersSaved();
      latest.current();
    };
    check();
    return onPapersChanged(check);
  }, []);
  return null;
}

/** 试卷管理 (component answer/PaperList): the declaration in paper.data.tsx; the editor is the form page. */
export default function PaperList() {
  const navigate = useNavigate();
  const [previewId, setPreviewId] = useState<string | null>(null);
  return (
    <CrudPage
      schema={paperPage}
      handlers={{
        add: () => navigate(PAPER_FORM_PATH),
        editPage: (r) => r && navigate(`${PAPER_FORM_PATH}?id=${encodeURIComponent(r.id)}`),
        preview: (r) => r && setPreviewId(r.id),
        copy: (r, ctx) => r && ctx && void runCall(() => copyPaper(r.id), ctx.reload),
      }}
    >
      {(ctx) => (
        <>
          <ReloadOnSave reload={ctx.reload} />
          <PaperPreviewModal source={previewId} onClose={() => setPreviewId(null)} />
        </>
      )}
    </CrudPage>
  );
}
