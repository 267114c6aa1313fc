import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Collapse, Form, Modal, Progress, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { commitWord, downloadWordSample, previewWord, type WordPreview, type WordQuestion } from '../../api/quiz';
import { QuestionView } from '../../components/quiz/QuestionView';
import { QUESTION_TYPE_TEXT } from '../../components/quiz/quiz-logic';
import { SubjectTreeSelect } from '../../components/quiz/SubjectTreeSelect';
import { feedback } from '../../utils/feedback';

/** the Word file limit of the server */
export const WORD_MAX_BYTES = 50 * 1024 * 1024;

/** the .docx check of the picker: the extension and the size, with the message shown */
export function wordFileProblem(file: { name: string; size: number }): string | null {
  if (!/\.docx$/i.test(file.name)) return '只能导入 .docx 格式的 Word 文档（.doc 请先另存为 .docx）';
  if (file.size > WORD_MAX_BYTES) return '文件不能超过 50 MB';
  return null;
}

/** a parsed question's type as '1'…'5' (the server may answer the type's name) */
const typeKey = (t: string | undefined) =>
  Object.entries(QUESTION_TYPE_TEXT).find(([k, v]) => t === k || t === v || `${t}题` === v)?.[0] ?? '1';

/**
 * Word 导入: pick the subject, upload a .docx written to the documented convention, see every parsed question as a
 * candidate will (problems listed under each), then save the good ones. Nothing is stored before 导入.
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
  const [subjectId, setSubjectId] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<WordPreview | null>(null);
  const [saving, setSaving] = useState(false);
  const bad = (preview?.questions ?? []).filter((q) => q.problems?.length);
  const good = (preview?.questions ?? []).filter((q) => !q.problems?.length);

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
    if (!file || !subjectId) return;
    setPercent(0);
    try {
      const res = await previewWord(file, subjectId, setPercent);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      setPreview(res.result);
    } catch {
      // shown by the http client
    } finally {
      setPercent(null);
    }
  };
  const save = async () => {
    if (!preview || !subjectId) return;
    setSaving(true);
    try {
      const res = await commitWord({ token: preview.token, subjectId, questions: good });
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message || `成功导入 ${good.length} 道题目`);
      onImported();
      close();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

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
                loading={saving}
                disabled={!good.length}
                onClick={() => void save()}
                data-testid="word-commit"
              >
                导入 {good.length} 道题目
              </Button>
            </>
          ) : (
            <Button
              type="primary"
              disabled={!file || !subjectId}
              loading={percent !== null}
              onClick={() => void parse()}
            >
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
                  以“一、单选题”等标题标明题型；题目以“1.”编号开头；选项以“A.”–“H.”开头；随后写“答案：”“解析：”“难度：”（选填）。
                  填空题用（ ）或 ___ 标出空，多个答案用 | 分隔、各空用；分隔。图片和表格会一并导入。
                  <div>
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      style={{ paddingInline: 0 }}
                      onClick={() => void downloadWordSample().catch(() => undefined)}
                    >
                      下载示例文档
                    </Button>
                  </div>
                </div>
              }
            />
            <Form layout="vertical">
              <Form.Item label="导入到分类" required>
                <SubjectTreeSelect value={subjectId} onChange={setSubjectId} />
              </Form.Item>
              <Form.Item label="Word 文档（.docx，不超过 50 MB）" required>
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
                  <p className="ant-upload-text">点击或拖拽 .docx 文件到此处</p>
                </Upload.Dragger>
              </Form.Item>
            </Form>
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
              type={bad.length ? 'warning' : 'success'}
              showIcon
              style={{ marginBottom: 12 }}
              title={`共解析出 ${preview.questions.length} 道题目：${good.length} 道可导入${bad.length ? `，${bad.length} 道有问题（不会导入，请修改文档后重新导入）` : ''}`}
              description={preview.problems?.length ? preview.problems.join('；') : undefined}
              data-testid="word-summary"
            />
            <Collapse
              size="small"
              defaultActiveKey={bad.map((_, i) => `bad-${i}`)}
              items={[...bad.map((q, i) => item(q, `bad-${i}`)), ...good.map((q, i) => item(q, `good-${i}`))]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}

function item(q: WordQuestion, key: string) {
  const type = typeKey(q.type);
  const stemText = (q.stem ?? '').replace(/<[^>]*>/g, '').slice(0, 60);
  return {
    key,
    label: (
      <span>
        {q.problems?.length ? <Tag color="red">有问题</Tag> : <Tag color="green">可导入</Tag>}第 {q.no ?? '?'} 题 ·{' '}
        {QUESTION_TYPE_TEXT[type]} · {stemText}
      </span>
    ),
    children: (
      <div>
        {q.problems?.length ? (
          <Alert
            type="error"
            style={{ marginBottom: 8 }}
            title={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {q.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        <QuestionView
          question={{
            type,
            stem: q.stem ?? '',
            options: q.options ?? null,
            answer: q.answer ?? '',
            analysis: q.analysis ?? null,
            score: q.score ? Number(q.score) : undefined,
          }}
          showAnswer
        />
      </div>
    ),
  };
}
