import { sysQuartzJob } from '../schema/index.ts';
import type { AreaSeedContext } from './area-seed.ts';
import { seedId } from './ids.ts';

/** the built-in job submitting attempts whose time is up (ADR 070): every 30 s, so within the minute */
export const EXAM_AUTO_SUBMIT_CLASS = 'org.jeecg.modules.answer.job.ExamAutoSubmitJob';

export async function seedQuizExamArea({ tx, audit }: AreaSeedContext): Promise<void> {
  await tx.insert(sysQuartzJob).values({
    id: seedId('quartz:exam-auto-submit'),
    jobClassName: EXAM_AUTO_SUBMIT_CLASS,
    cronExpression: '0/30 * * * * ?',
    parameter: null,
    description: '考试到时自动交卷：答题时间已到而未交的答卷由服务器交卷并判分',
    status: 0,
    delFlag: 0,
    ...audit,
  });
}
