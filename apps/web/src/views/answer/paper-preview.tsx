import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { type PaperPreview, type PaperPreviewInput, previewPaper } from '../../api/quiz';
import { PaperView } from '../../components/quiz/PaperView';
import './paper.css';

/**
 * 预览 / 打印 of a paper: the server draws it as a candidate would get it (`/answer/paper/preview`: drawn sections
 * drawn anew each time); 打印 prints that sheet alone through the browser's print dialog (另存为 PDF for a PDF), the
 * answer key optional — the machinery of 打印测试 (window.print and a print style sheet that hides the console).
 */
export function PaperPreviewModal({
  source,
  onClose,
  onRefused,
}: {
  /** the server refused to draw it (e.g. a rule that can not be met) */
  onRefused?: (message: string) => void;
  /** a saved paper's id, or the editor's unsaved body */
  source: PaperPreviewInput | null;
  onClose: () => void;
}) {
  const [paper, setPaper] = useState<PaperPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [withKey, setWithKey] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [round, setRound] = useState(0);
  const hasKey = !!paper?.sections.some((s) => s.questions.some((q) => q.answer !== undefined && q.answer !== null));

  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks for a new draw (重新抽题); onRefused is a callback
  useEffect(() => {
    setPaper(null);
    setError(null);
    if (!source) return;
    let live = true;
    previewPaper(source)
      .then((res) => {
        if (!live) return;
        if (res.success) setPaper({ ...(typeof source === 'object' ? source : {}), ...res.result } as PaperPreview);
        else {
          setError(res.message || '预览失败');
          onRefused?.(res.message);
        }
      })
      .catch(() => live && setError('预览失败'));
    return () => {
      live = false;
    };
  }, [source, round]);

  useEffect(() => {
    if (!printing) return;
    document.body.classList.add('quiz-printing');
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    // after the sheet is in the document
    const t = window.setTimeout(() => window.print(), 50);
    return () => {
      window.clearTimeout(t);
      window.removeEventListener('afterprint', done);
      document.body.classList.remove('quiz-printing');
    };
  }, [printing]);

  return (
    <Modal
      title="试卷预览（考生视角）"
      open={!!source}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={
        <Space wrap>
          {hasKey && (
            <Checkbox checked={withKey} onChange={(e) => setWithKey(e.target.checked)}>
              显示答案
            </Checkbox>
          )}
          <Button onClick={() => setRound((r) => r + 1)} disabled={!paper}>
            重新抽题
          </Button>
          <Button
            icon={<PrinterOutlined />}
            disabled={!paper}
            onClick={() => setPrinting(true)}
            data-testid="paper-print"
          >
            打印 / PDF
          </Button>
          <Button type="primary" onClick={onClose}>
            关闭
          </Button>
        </Space>
      }
    >
      <div data-testid="paper-preview" className="quiz-paper-preview">
        {error ? (
          <Alert type="error" showIcon title={error} />
        ) : paper ? (
          <PaperView paper={paper} showAnswer={withKey} />
        ) : (
          <Spin />
        )}
      </div>
      {printing && paper
        ? createPortal(
            <div className="quiz-print-root" aria-hidden>
              <PaperView paper={paper} showAnswer={withKey} />
            </div>,
            document.body,
          )
        : null}
    </Modal>
  );
}
