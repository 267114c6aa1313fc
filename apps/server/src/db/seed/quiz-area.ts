import { checkQuestion, type QuestionInput } from '../../modules/quiz-bank/validate.ts';
import { quizPaper, quizPaperSection, quizQuestion, quizSubject } from '../schema/index.ts';
import { type AreaSeedContext, seedDicts } from './area-seed.ts';
import type { DictSeed } from './data.ts';
import { seedId } from './ids.ts';

/**
 * The quiz bank (issue 24): the status dictionary of questions and papers, and a small demo bank — a few subjects,
 * 30 questions of every type, one paper with a fixed and a drawn section — so a new installation is not empty.
 * Every question goes through the same checks as the form (validate.ts), so the demo rows are valid ones.
 */

export const QUIZ_DICTS: readonly DictSeed[] = [
  {
    code: 'quiz_question_status',
    name: '题目状态',
    items: [
      ['1', '启用'],
      ['0', '停用'],
    ],
  },
];

const S = {
  safety: seedId('quiz_subject:safety'),
  fire: seedId('quiz_subject:fire'),
  traffic: seedId('quiz_subject:traffic'),
  law: seedId('quiz_subject:law'),
  general: seedId('quiz_subject:general'),
};
export const QUIZ_SUBJECT_IDS = S;
export const QUIZ_PAPER_ID = seedId('quiz_paper:safety');

const SUBJECTS = [
  { id: S.safety, parentId: '0', name: '安全知识', code: 'safety', sortNo: 1 },
  { id: S.fire, parentId: S.safety, name: '消防安全', code: 'fire', sortNo: 1 },
  { id: S.traffic, parentId: S.safety, name: '交通安全', code: 'traffic', sortNo: 2 },
  { id: S.law, parentId: '0', name: '法律法规', code: 'law', sortNo: 2 },
  { id: S.general, parentId: '0', name: '综合知识', code: 'general', sortNo: 3 },
];

type Q = [subject: string, type: string, stem: string, options: string[] | null, answer: unknown, difficulty: number];

const QUESTIONS: Q[] = [
  [S.fire, '1', '发现火灾时，应立即拨打的报警电话是（ ）。', ['110', '119', '120', '122'], 'B', 1],
  [S.fire, '1', '扑救电器火灾时，首先应当（ ）。', ['用水浇灭', '切断电源', '打开门窗', '等待救援'], 'B', 2],
  [S.fire, '1', '干粉灭火器使用时，喷嘴应对准（ ）。', ['火焰上部', '火焰根部', '烟雾', '任意位置'], 'B', 2],
  [S.fire, '1', '高层建筑发生火灾时，正确的逃生方式是（ ）。', ['乘坐电梯', '走安全通道', '跳楼', '躲进衣柜'], 'B', 1],
  [S.fire, '1', '身上着火时，正确的做法是（ ）。', ['奔跑', '就地打滚', '用手拍打', '大声呼救'], 'B', 2],
  [S.fire, '2', '常见的灭火方法有（ ）。', ['冷却法', '窒息法', '隔离法', '加热法'], 'A,B,C', 3],
  [S.fire, '2', '下列物品中属于易燃物品的有（ ）。', ['汽油', '酒精', '沙子', '液化气'], 'A,B,D', 2],
  [S.fire, '3', '消防通道可以临时停放车辆。', null, '0', 1],
  [S.fire, '3', '油锅起火时可以用锅盖盖灭。', null, '1', 2],
  [S.fire, '4', '我国的消防日是每年的 ___ 月 ___ 日。', null, [['11'], ['9']], 2],
  [S.fire, '5', '简述火灾发生时的逃生要点。', null, '保持冷静，用湿毛巾捂住口鼻，低姿沿安全通道撤离，不乘电梯。', 3],
  [S.traffic, '1', '行人过马路应走（ ）。', ['机动车道', '人行横道', '非机动车道', '隔离带'], 'B', 1],
  [S.traffic, '1', '驾驶机动车时，每位乘车人都应（ ）。', ['系好安全带', '站立', '探出车窗', '随意走动'], 'A', 1],
  [S.traffic, '1', '黄灯持续闪烁时，表示（ ）。', ['禁止通行', '警示，注意瞭望', '可以加速', '必须停车'], 'B', 3],
  [S.traffic, '2', '下列行为中属于交通违法的有（ ）。', ['闯红灯', '酒后驾驶', '礼让行人', '超速行驶'], 'A,B,D', 2],
  [S.traffic, '3', '饮酒后可以驾驶非机动车。', null, '0', 1],
  [S.traffic, '3', '驾驶机动车时不得拨打手持电话。', null, '1', 1],
  [S.traffic, '4', '道路交通信号灯中，（ ）灯表示禁止通行。', null, [['红', '红色']], 1],
  [S.law, '1', '我国的根本大法是（ ）。', ['刑法', '民法典', '宪法', '行政法'], 'C', 1],
  [
    S.law,
    '1',
    '《中华人民共和国安全生产法》规定，生产经营单位的主要负责人对本单位安全生产工作（ ）。',
    ['部分负责', '全面负责', '不负责', '协助负责'],
    'B',
    3,
  ],
  [
    S.law,
    '2',
    '劳动者享有的权利包括（ ）。',
    ['取得劳动报酬', '休息休假', '获得劳动安全卫生保护', '拒绝一切加班'],
    'A,B,C',
    3,
  ],
  [S.law, '3', '未满十六周岁的未成年人原则上不得被招用。', null, '1', 2],
  [S.law, '4', '《中华人民共和国民法典》自 ___ 年 1 月 1 日起施行。', null, [['2021']], 2],
  [S.law, '5', '简述安全生产“三同时”制度。', null, '安全设施与主体工程同时设计、同时施工、同时投入生产和使用。', 4],
  [S.general, '1', '一年有（ ）个季度。', ['2', '3', '4', '6'], 'C', 1],
  [S.general, '1', '太阳从（ ）方升起。', ['东', '南', '西', '北'], 'A', 1],
  [S.general, '2', '下列属于我国四大发明的有（ ）。', ['造纸术', '指南针', '蒸汽机', '火药'], 'A,B,D', 2],
  [S.general, '3', '地球绕太阳公转一周约为一年。', null, '1', 1],
  [S.general, '4', '中华人民共和国成立于 ___ 年，首都是（ ）。', null, [['1949'], ['北京', 'Beijing']], 2],
  [S.general, '5', '谈谈你对终身学习的理解。', null, '学习贯穿人的一生，应不断更新知识与技能以适应社会发展。', 5],
];

export const QUIZ_QUESTION_COUNT = QUESTIONS.length;

export async function seedQuizArea({ tx, audit }: AreaSeedContext): Promise<void> {
  await seedDicts({ tx, audit }, QUIZ_DICTS);
  await tx.insert(quizSubject).values(SUBJECTS.map((s) => ({ ...s, ...audit, sysOrgCode: 'A01', tenantId: 0 })));
  const rows = QUESTIONS.map(([subjectId, type, stem, options, answer, difficulty], i) => {
    const input: QuestionInput = {
      subjectId,
      type,
      stem: `<p>${stem}</p>`,
      options: options?.map((content, k) => ({ key: 'ABCDEFGH'[k], content })),
      answer,
      difficulty,
      score: type === '5' ? 10 : type === '2' ? 3 : 2,
    };
    const checked = checkQuestion(input);
    if (!checked.ok) throw new Error(`quiz seed question ${i + 1}: ${checked.problems.join('；')}`);
    const { value } = checked;
    return { id: seedId(`quiz_question:${i + 1}`), ...value, delFlag: 0, ...audit, sysOrgCode: 'A01', tenantId: 0 };
  });
  await tx.insert(quizQuestion).values(rows);
  // 安全知识测试: 5 fixed 消防 single-choice questions (2 points) + 2 judgement questions drawn from 安全知识 (5 points)
  const fixed = rows.filter((r) => r.subjectId === S.fire && r.type === '1').map((r) => r.id);
  await tx.insert(quizPaper).values({
    id: QUIZ_PAPER_ID,
    name: '安全知识测试',
    passScore: 12,
    duration: 30,
    totalScore: fixed.length * 2 + 2 * 5,
    questionCount: fixed.length + 2,
    status: '1',
    remark: '示例试卷：固定的消防单选题 + 从“安全知识”中随机抽取的判断题',
    ...audit,
    sysOrgCode: 'A01',
    tenantId: 0,
  });
  await tx.insert(quizPaperSection).values([
    {
      id: seedId('quiz_paper_section:safety:1'),
      paperId: QUIZ_PAPER_ID,
      sortNo: 1,
      title: '一、单选题',
      type: '1',
      score: 2,
      mode: 'fixed',
      questionIds: fixed,
      rules: [],
      tenantId: 0,
    },
    {
      id: seedId('quiz_paper_section:safety:2'),
      paperId: QUIZ_PAPER_ID,
      sortNo: 2,
      title: '二、判断题',
      type: '3',
      score: 5,
      mode: 'drawn',
      questionIds: [],
      rules: [{ subjectId: S.safety, count: 2 }],
      tenantId: 0,
    },
  ]);
}
