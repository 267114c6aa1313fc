import { Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { type QuizQuestion, queryQuestion } from '../../api/quiz';
import { CrudPage } from '../../components/kit';
import { QuestionView } from '../../components/quiz/QuestionView';
import { questionPage } from './question.data';
import { WordImportModal } from './question-word-import';

/** 预览 of a row: the full question loaded (the list carries the stem's text only), as a candidate sees it + the key */
function PreviewModal({ row, onClose }: { row: QuizQuestion | null; onClose: () => void }) {
  const [q, setQ] = useState<QuizQuestion | null>(null);
  useEffect(() => {
    setQ(null);
    if (!row) return;
    let live = true;
    void queryQuestion(row.id)
      .then((res) => live && res.success && setQ(res.result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [row]);
  return (
    <Modal title="题目预览" open={!!row} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <div data-testid="question-preview">{q ? <QuestionView question={q} index={1} showAnswer /> : <Spin />}</div>
    </Modal>
  );
}

/** 题库管理 (component answer/QuestionList): the declaration in question.data.tsx, plus 预览 and Word 导入. */
export default function QuestionList() {
  const [preview, setPreview] = useState<QuizQuestion | null>(null);
  const [word, setWord] = useState(false);
  return (
    <CrudPage schema={questionPage} handlers={{ preview: (r) => r && setPreview(r), word: () => setWord(true) }}>
      {(ctx) => (
        <>
          <PreviewModal row={preview} onClose={() => setPreview(null)} />
          <WordImportModal
            open={word}
            onClose={() => setWord(false)}
            onImported={() => {
              ctx.reload();
            }}
          />
        </>
      )}
    </CrudPage>
  );
}
