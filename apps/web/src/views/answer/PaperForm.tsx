import { EyeOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Form, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { addPaper, editPaper, type QuestionType, type QuizQuestion, queryPaper, queryQuestion } from '../../api/quiz';
import { type FormContext, type FormFieldSchema, initialFormValues, SchemaForm } from '../../components/kit';
import { useTabs } from '../../stores/tabs';
import { feedback } from '../../utils/feedback';
import {
  type EditorSection,
  isShortRuleMessage,
  MAX_SECTIONS,
  moveItem,
  newSection,
  PAPER_LIST_PATH,
  type PaperFormValues,
  paperChanged,
  paperTotals,
  passScoreProblem,
  sectionProblems,
  toEditorSections,
  toPaperBody,
  toPaperValues,
} from './paper-logic';
import { PaperPreviewModal } from './paper-preview';
import { QuestionPicker } from './paper-question-picker';
import { SectionCard } from './paper-sections';
import { TYPE_OPTIONS } from './question.data';
import './paper.css';

const fields: FormFieldSchema[] = [
  { field: 'name', label: '试卷名称', required: true, span: 24, props: { maxLength: 100 } },
  {
    field: 'passScore',
    label: '及格分',
    widget: 'number',
    required: true,
    initialValue: 60,
    span: 12,
    props: { min: 0, max: 100000, precision: 2 },
  },
  {
    field: 'duration',
    label: '时长（分钟）',
    widget: 'number',
    required: true,
    initialValue: 60,
    span: 12,
    props: { min: 1, max: 1440, precision: 0 },
  },
  { field: 'remark', label: '说明', widget: 'textarea', span: 24, props: { rows: 2, maxLength: 500 } },
];

/**
 * 试卷编辑 (component answer/PaperForm, route /answer/paper/form, ?id= edits): name, pass score and duration; sections
 * (大题) fixed or drawn; total score and question count live; the server's refusal of a rule that can not be met is
 * shown over the sections; 预览 draws the saved paper as a candidate would see it.
 */
export default function PaperForm() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const [sections, setSections] = useState<EditorSection[]>([]);
  const [known, setKnown] = useState<Map<string, QuizQuestion>>(new Map());
  const [loading, setLoading] = useState(!!id);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [picking, setPicking] = useState<number | null>(null);
  const [previewOf, setPreviewOf] = useState<Record<string, unknown> | null>(null);
  const [savedId, setSavedId] = useState<string | null>(id);
  const passScore = Form.useWatch('passScore', form) as number | undefined;
  const duration = Form.useWatch('duration', form) as number | undefined;
  const ctx: FormContext = { record: null, mode: id ? 'edit' : 'add', fixed: {} };

  const totals = paperTotals(sections);
  const problems = useMemo(() => sectionProblems(sections), [sections]);
  const passProblem = passScoreProblem(passScore, totals.total);
  const inPaper = useMemo(
    () => new Set(sections.flatMap((s) => (s.mode === 'fixed' ? s.questionIds : []))),
    [sections],
  );

  useEffect(() => {
    form.resetFields();
    setRefusal(null);
    setShowProblems(false);
    setSavedId(id);
    if (!id) {
      form.setFieldsValue(initialFormValues(fields));
      setSections([newSection('1', 'fixed')]);
      return;
    }
    let live = true;
    setLoading(true);
    setLoadError(null);
    queryPaper(id)
      .then(async (res) => {
        if (!live) return;
        if (!res.success) return setLoadError(res.message || '未找到对应的试卷');
        const p = res.result;
        form.setFieldsValue(toPaperValues(p));
        const secs = toEditorSections(p.sections);
        setSections(secs);
        const map = new Map<string, QuizQuestion>();
        for (const s of p.sections ?? []) for (const q of s.questions ?? []) map.set(q.id, q);
        // the stems of picked questions the answer did not carry
        const missing = secs.flatMap((s) => s.questionIds).filter((q) => !map.has(q));
        for (let i = 0; i < missing.length; i += 8) {
          const got = await Promise.all(missing.slice(i, i + 8).map((q) => queryQuestion(q).catch(() => null)));
          for (const g of got) if (g?.success) map.set(g.result.id, g.result);
        }
        if (live) setKnown(map);
      })
      .catch(() => live && setLoadError('加载试卷失败'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, form]);

  const change = (next: EditorSection[]) => {
    setSections(next);
    setRefusal(null);
  };
  const back = () => {
    useTabs.getState().dispatch({ type: 'close', key: location.pathname + location.search });
    navigate(PAPER_LIST_PATH);
  };

  const save = async (): Promise<string | null> => {
    let values: PaperFormValues;
    try {
      values = (await form.validateFields()) as PaperFormValues;
    } catch {
      return null;
    }
    setShowProblems(true);
    if (problems.length || passProblem) {
      feedback.message.warning(passProblem ?? problems[0] ?? '');
      return null;
    }
    setSaving(true);
    try {
      const body = toPaperBody(values, sections, savedId ?? undefined);
      const res = savedId ? await editPaper(body) : await addPaper(body);
      if (!res.success) {
        if (isShortRuleMessage(res.message)) setRefusal(res.message);
        else feedback.message.warning(res.message);
        return null;
      }
      feedback.message.success(res.message || '保存成功');
      const newId = savedId ?? (typeof res.result === 'string' ? res.result : null);
      setSavedId(newId);
      paperChanged();
      return newId;
    } catch {
      return null;
    } finally {
      setSaving(false);
    }
  };

  /** 预览: the form as it is (saved or not) drawn by the server as a candidate would get it */
  const preview = async () => {
    let values: PaperFormValues;
    try {
      values = (await form.validateFields()) as PaperFormValues;
    } catch {
      return;
    }
    setShowProblems(true);
    if (problems.length) return void feedback.message.warning(problems[0]);
    setPreviewOf(toPaperBody(values, sections));
  };

  const addSection = (type: QuestionType, mode: 'fixed' | 'drawn') => change([...sections, newSection(type, mode)]);
  const addItems = TYPE_OPTIONS.flatMap((t) => [
    { key: `${t.value}-fixed`, label: `${t.label}题 · 固定选题` },
    { key: `${t.value}-drawn`, label: `${t.label}题 · 随机抽题` },
  ]);

  return (
    <Card title={id ? '编辑试卷' : '新增试卷'} data-testid="paper-form-page">
      {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} /> : null}
      <Spin spinning={loading}>
        <div className="paper-form-summary" data-testid="paper-summary">
          <div className="paper-form-figures">
            <span>
              总分 <b data-testid="paper-total">{totals.total}</b> 分
            </span>
            <span>
              共 <b data-testid="paper-count">{totals.count}</b> 题
            </span>
            <span>及格 {passScore ?? '—'} 分</span>
            <span>时长 {duration ?? '—'} 分钟</span>
          </div>
          <Space wrap>
            <Button
              icon={<EyeOutlined />}
              onClick={() => void preview()}
              disabled={!!loadError}
              data-testid="paper-preview-btn"
            >
              预览
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!!loadError}
              onClick={() => void save()}
            >
              保存
            </Button>
            <Button onClick={back}>返回</Button>
          </Space>
        </div>
        <div style={{ maxWidth: 820 }}>
          <SchemaForm form={form} fields={fields} ctx={ctx} name="quiz-paper" labelSpan={4} wrapperSpan={18} />
        </div>
        {passProblem ? <Alert type="warning" showIcon title={passProblem} style={{ marginBottom: 12 }} /> : null}
        {refusal ? (
          <Alert
            type="error"
            showIcon
            title="试卷未保存"
            description={refusal}
            closable
            onClose={() => setRefusal(null)}
            style={{ marginBottom: 12 }}
            data-testid="paper-refusal"
          />
        ) : null}
        {showProblems && problems.length ? (
          <Alert
            type="warning"
            showIcon
            title="请先完善以下内容"
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
            style={{ marginBottom: 12 }}
            data-testid="paper-problems"
          />
        ) : null}
        {sections.map((s, i) => (
          <SectionCard
            key={s.key}
            section={s}
            index={i}
            total={sections.length}
            known={known}
            onChange={(next) => change(sections.map((x, j) => (j === i ? next : x)))}
            onRemove={() => change(sections.filter((_, j) => j !== i))}
            onMove={(d) => change(moveItem(sections, i, i + d))}
            onPickQuestions={() => setPicking(i)}
          />
        ))}
        <Dropdown
          disabled={sections.length >= MAX_SECTIONS}
          menu={{
            items: addItems,
            onClick: ({ key }) => {
              const [type, mode] = key.split('-') as [QuestionType, 'fixed' | 'drawn'];
              addSection(type, mode);
            },
          }}
        >
          <Button type="dashed" block icon={<PlusOutlined />} data-testid="add-section">
            添加大题{sections.length >= MAX_SECTIONS ? `（最多 ${MAX_SECTIONS} 个）` : ''}
          </Button>
        </Dropdown>
      </Spin>
      {picking !== null && sections[picking] ? (
        <QuestionPicker
          open
          type={sections[picking].type}
          inPaper={inPaper}
          onClose={() => setPicking(null)}
          onPick={(rows) => {
            const at = picking;
            setKnown((k) => {
              const m = new Map(k);
              for (const r of rows) m.set(r.id, r);
              return m;
            });
            change(
              sections.map((s, j) =>
                j === at ? { ...s, questionIds: [...s.questionIds, ...rows.map((r) => r.id)] } : s,
              ),
            );
            setPicking(null);
            if (rows.length) feedback.message.success(`已加入 ${rows.length} 道题目`);
          }}
        />
      ) : null}
      <PaperPreviewModal
        source={previewOf}
        onClose={() => setPreviewOf(null)}
        onRefused={(m) => {
          if (isShortRuleMessage(m)) setRefusal(m);
        }}
      />
    </Card>
  );
}
