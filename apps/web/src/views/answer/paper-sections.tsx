import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Input, InputNumber, Popconfirm, Radio, Select, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { listQuestions, type QuestionType, type QuizQuestion } from '../../api/quiz';
import { sectionNumber } from '../../components/quiz/PaperView';
import { QUESTION_TYPE_TEXT } from '../../components/quiz/quiz-logic';
import { SubjectTreeSelect } from '../../components/quiz/SubjectTreeSelect';
import { feedback } from '../../utils/feedback';
import { type EditorRule, type EditorSection, moveItem, newRule, sectionCount, sectionScore } from './paper-logic';
import { DIFFICULTY_OPTIONS, TYPE_OPTIONS } from './question.data';

const DIFFICULTY_TEXT: Record<number, string> = Object.fromEntries(DIFFICULTY_OPTIONS.map((o) => [o.value, o.label]));

/** how many enabled questions a rule can draw from (the bank's list total for its filters) */
function RuleAvailable({ type, rule }: { type: QuestionType; rule: EditorRule }) {
  const [n, setN] = useState<number | null>(null);
  useEffect(() => {
    setN(null);
    if (!rule.subjectId) return;
    let live = true;
    const t = window.setTimeout(() => {
      listQuestions(
        {
          subjectId: rule.subjectId,
          type,
          status: '1',
          difficulty: rule.difficulty || undefined,
          pageNo: 1,
          pageSize: 1,
        },
        { silent: true },
      )
        .then((res) => live && res.success && setN(Number(res.result.total) || 0))
        .catch(() => undefined);
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(t);
    };
  }, [rule.subjectId, rule.difficulty, type]);
  if (n === null) return null;
  const short = (rule.count ?? 0) > n;
  return (
    <span className={`paper-rule-avail${short ? ' is-short' : ''}`} data-testid="rule-available">
      可抽 {n} 道{short ? '，不足' : ''}
    </span>
  );
}

export interface SectionCardProps {
  section: EditorSection;
  index: number;
  total: number;
  known: ReadonlyMap<string, QuizQuestion>;
  onChange: (s: EditorSection) => void;
  onRemove: () => void;
  onMove: (delta: number) => void;
  onPickQuestions: () => void;
}

/** one 大题: title, type, score per question, fixed (picked, drag to reorder) or drawn (rules) */
export function SectionCard({
  section: s,
  index,
  total,
  known,
  onChange,
  onRemove,
  onMove,
  onPickQuestions,
}: SectionCardProps) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const set = (patch: Partial<EditorSection>) => onChange({ ...s, ...patch });
  const setRule = (j: number, patch: Partial<EditorRule>) =>
    set({ rules: s.rules.map((r, k) => (k === j ? { ...r, ...patch } : r)) });
  const changeType = (type: QuestionType) => {
    const retitle = !s.title.trim() || Object.values(QUESTION_TYPE_TEXT).includes(s.title.trim());
    const patch: Partial<EditorSection> = { type, ...(retitle ? { title: QUESTION_TYPE_TEXT[type] ?? s.title } : {}) };
    if (s.mode === 'fixed' && s.questionIds.length) {
      feedback.modal.confirm({
        title: '更换题型',
        content: `更换题型将移除本大题已选的 ${s.questionIds.length} 道题目，确定更换吗?`,
        onOk: () => set({ ...patch, questionIds: [] }),
      });
      return;
    }
    set(patch);
  };
  const count = sectionCount(s);
  return (
    <Card
      size="small"
      className="paper-section"
      data-testid={`paper-section-${index + 1}`}
      title={
        <div className="paper-section-head">
          <span className="paper-section-no">{sectionNumber(index)}、</span>
          <Input
            value={s.title}
            onChange={(e) => set({ title: e.target.value })}
            maxLength={100}
            placeholder="大题标题"
            aria-label="大题标题"
            style={{ width: 180 }}
            status={s.title.trim() ? undefined : 'error'}
          />
          <Select<QuestionType>
            value={s.type}
            onChange={changeType}
            options={TYPE_OPTIONS}
            aria-label="题型"
            style={{ width: 84 }}
          />
          <Space.Compact>
            <Space.Addon>每题</Space.Addon>
            <InputNumber
              value={s.score}
              min={0.5}
              max={1000}
              step={0.5}
              precision={2}
              onChange={(v) => set({ score: v })}
              aria-label="每题分值"
              style={{ width: 84 }}
              status={s.score && s.score > 0 ? undefined : 'error'}
            />
            <Space.Addon>分</Space.Addon>
          </Space.Compact>
        </div>
      }
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label="上移大题"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label="下移大题"
            disabled={index === total - 1}
            onClick={() => onMove(1)}
          />
          <Popconfirm title="确定删除这个大题吗?" onConfirm={onRemove}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label="删除大题" />
          </Popconfirm>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Radio.Group
          optionType="button"
          value={s.mode}
          onChange={(e) =>
            set({ mode: e.target.value, rules: e.target.value === 'drawn' && !s.rules.length ? [newRule()] : s.rules })
          }
          options={[
            { value: 'fixed', label: '固定选题' },
            { value: 'drawn', label: '随机抽题' },
          ]}
        />
        <span className="paper-section-sub" data-testid="section-figures">
          共 {count} 题，小计 {sectionScore(s)} 分
        </span>
      </Space>
      {s.mode === 'fixed' ? (
        <div>
          {s.questionIds.map((id, i) => {
            const q = known.get(id);
            return (
              <div
                key={id}
                className={`paper-q-row${dragFrom === i ? ' is-dragging' : ''}${over === i && dragFrom !== i ? ' is-over' : ''}`}
                draggable
                onDragStart={(e) => {
                  setDragFrom(i);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOver(i);
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragFrom !== null) set({ questionIds: moveItem(s.questionIds, dragFrom, i) });
                  setDragFrom(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setOver(null);
                }}
                data-testid="paper-question"
              >
                <HolderOutlined className="paper-q-handle" aria-hidden />
                <span className="paper-q-no">{i + 1}.</span>
                <span className="paper-q-stem" title={q?.stemText}>
                  {q ? q.stemText || '（图片）' : '加载中…'}
                </span>
                {q ? (
                  <Tag className="paper-q-tag">{q.difficulty_dictText ?? DIFFICULTY_TEXT[q.difficulty] ?? ''}</Tag>
                ) : null}
                {q && q.status !== '1' ? <Tag color="orange">已停用</Tag> : null}
                <span className="paper-q-ops">
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="上移"
                    disabled={i === 0}
                    onClick={() => set({ questionIds: moveItem(s.questionIds, i, i - 1) })}
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="下移"
                    disabled={i === s.questionIds.length - 1}
                    onClick={() => set({ questionIds: moveItem(s.questionIds, i, i + 1) })}
                  />
                  <Tooltip title="移出试卷">
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="移除"
                      onClick={() => set({ questionIds: s.questionIds.filter((x) => x !== id) })}
                    />
                  </Tooltip>
                </span>
              </div>
            );
          })}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={onPickQuestions} data-testid="pick-questions">
            选择题目
          </Button>
        </div>
      ) : (
        <div>
          {s.rules.map((r, j) => (
            <div key={r.key} className="paper-rule-row" data-testid="paper-rule">
              <span className="paper-rule-subject" style={{ flex: '1 1 200px', minWidth: 0 }}>
                <SubjectTreeSelect
                  value={r.subjectId}
                  onChange={(v) => setRule(j, { subjectId: v })}
                  status={r.subjectId ? undefined : 'error'}
                  aria-label="抽题分类"
                />
              </span>
              <Select<number | null>
                value={r.difficulty ?? null}
                onChange={(v) => setRule(j, { difficulty: v })}
                options={[{ value: null, label: '不限难度' }, ...DIFFICULTY_OPTIONS]}
                style={{ width: 104 }}
                aria-label="难度"
              />
              <Space.Compact>
                <Space.Addon>抽</Space.Addon>
                <InputNumber
                  value={r.count}
                  min={1}
                  max={500}
                  precision={0}
                  onChange={(v) => setRule(j, { count: v })}
                  style={{ width: 72 }}
                  aria-label="题数"
                />
                <Space.Addon>道</Space.Addon>
              </Space.Compact>
              <RuleAvailable type={s.type} rule={r} />
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除规则"
                disabled={s.rules.length <= 1}
                onClick={() => set({ rules: s.rules.filter((_, k) => k !== j) })}
              />
            </div>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => set({ rules: [...s.rules, newRule()] })}>
            添加规则
          </Button>
        </div>
      )}
    </Card>
  );
}
