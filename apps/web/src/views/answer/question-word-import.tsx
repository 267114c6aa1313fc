import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Modal, Progress, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { HttpError } from '../../api/http';
import { downloadWordSample, importWord, previewWord, type WordPreview, type WordQuestion } from '../../api/quiz';
import { errorFileHref, importOutcome } from '../../components/kit';
import { QuestionView } from '../../components/quiz/QuestionView';
import { QUESTION_TYPE_TEXT } from '../../components/quiz/quiz-logic';
import { feedback } from '../../utils/feedback';

/** the Word file limit of the server */
export const WORD_MAX_BYTES = 50 * 1024 * 1024;

/** the .docx check of the picker: the extension and the size, with the message shown */
export function wordFileProblem(file: { name: string; size: number }): string | null {
  if (/\.doc$/i.test(file.name)) return '不支持旧版 Word（.doc）文件，请在 Word 中另存为 .docx 格式后再导入';
  if (!/\.docx$/i.test(file.name)) return '只能导入 .docx 格式的 Word 文档';
  if (file.size > WORD_MAX_BYTES) return '文件不能超过 50 MB';
  return null;
}

/**
 * Word 导入: upload a .docx written to the documented convention (the sample document shows it), see every parsed
 * question as a candidate will — and every problem of the refused ones, by question number — then import: the good
 * questions are stored, the refused ones listed in the error file. Nothing is stored before 导入.
 */
export function WordImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<WordPreview | null>(null);
  const [saving, setSaving] = useState<number | null>(null);

  const reset = () => {
    setFile(null);
    setPreview(null);
    setPercent(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const parse = async () => {
    if (!file) return;
    setPercent(0);
    try {
      const res = await previewWord(file, setPercent);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      setPreview(res.result);
    } catch (err) {
      if (!(err instanceof HttpError)) feedback.message.warning('文件上传失败');
    } finally {
      setPercent(null);
    }
  };
  const save = async () => {
    if (!file) return;
    setSaving(0);
    try {
      const res = await importWord(file, setSaving);
      const outcome = importOutcome(res, file.name);
      if (outcome.kind === 'fail') return void feedback.message.warning(outcome.message);
      if (outcome.kind === 'ok') feedback.message.success(outcome.message);
      else
        feedback.modal.warning({
          title: outcome.title,
          content: (
            <div data-testid="import-partial">
              <div>{outcome.detail}</div>
              <a
                href={errorFileHref(outcome.href)}
                target="_blank"
                rel="noreferrer"
                download={outcome.fileName || true}
              >
                下载错误清单
              </a>
            </div>
          ),
        });
      onImported();
      close();
    } catch (err) {
      if (!(err instanceof HttpError)) feedback.message.warning('文件上传失败');
    } finally {
      setSaving(null);
    }
  };

  const errors = preview?.errors ?? [];
  return (
    <Modal
      title="Word 导入题目"
      open={open}
      onCancel={close}
      width={860}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={close}>取消</Button>
          {preview ? (
            <>
              <Button onClick={reset}>重新选择文件</Button>
              <Button
                type="primary"
                loading={saving !== null}
                disabled={!preview.valid}
                onClick={() => void save()}
                data-testid="word-commit"
              >
                导入 {preview.valid} 道题目
              </Button>
            </>
          ) : (
            <Button type="primary" disabled={!file} loading={percent !== null} onClick={() => void parse()}>
              解析预览
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="word-import">
        {!preview ? (
          <>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="文档格式"
              description={
                <div>
                  先写“分类：安全知识/消防”指定下面题目的分类；用“一、单选题”这样的标题注明题型；题号用 1. 或
                  1、；选项用 A.–H.；再写“答案：”，可选“解析：”“难度：”“分值：”“标签：”。填空题用（ ）或 ___
                  标出空，同一空的多个答案用 | 分隔、各空用；分隔；判断题答 正确/错误。图片和表格会原样保留。
                  <div>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      style={{ paddingInline: 0 }}
                      onClick={() => void downloadWordSample().catch(() => undefined)}
                      data-testid="word-sample"
                    >
                      下载示例文档
                    </Button>
                  </div>
                </div>
              }
            />
            <Upload.Dragger
              accept=".docx"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                const p = wordFileProblem(f);
                if (p) feedback.message.warning(p);
                else setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或拖拽 .docx 文件到此处（不超过 50 MB）</p>
            </Upload.Dragger>
            {percent !== null && (
              <Progress
                percent={percent < 100 ? percent : 99}
                status="active"
                format={(p) => (p && p >= 99 ? '解析中…' : `${p}%`)}
              />
            )}
          </>
        ) : (
          <>
            <Alert
              type={errors.length ? 'warning' : 'success'}
              showIcon
              style={{ marginBottom: 12 }}
              title={`共 ${preview.total} 道题目：${preview.valid} 道可导入${errors.length ? `，${preview.total - preview.valid} 道有问题（不会导入，请修改文档后重新导入）` : ''}`}
              description={
                errors.length ? (
                  <ul className="word-errors" data-testid="word-errors">
                    {errors.map((e) => (
                      <li key={`${e.no}-${e.message}`}>
                        第 {e.no} 题：{e.message}
                      </li>
                    ))}
                  </ul>
                ) : undefined
              }
              data-testid="word-summary"
            />
            {saving !== null && <Progress percent={saving < 100 ? saving : 99} status="active" />}
            <Collapse size="small" items={preview.questions.map((q) => item(q))} />
          </>
        )}
      </div>
    </Modal>
  );
}

function item(q: WordQuestion) {
  const stemText = q.stem.replace(/<[^>]*>/g, '').slice(0, 60);
  return {
    key: String(q.no),
    label: (
      <span>
        <Tag color="green">可导入</Tag>第 {q.no} 题 · {QUESTION_TYPE_TEXT[q.type]}
        {q.subjectName ? ` · ${q.subjectName}` : ''} · {stemText}
      </span>
    ),
    children: <QuestionView question={q} showAnswer />,
  };
}
