import type { FastifyInstance } from 'fastify';
import { registerCandidateRoutes } from './candidate.ts';
import { startExamCache } from './exam-cache.ts';
import { registerExamRoutes } from './exams.ts';
import { registerGradingRoutes } from './grading.ts';
import { registerResultRoutes } from './results.ts';
import { registerStatisticsRoutes } from './statistics.ts';

/**
 * The quiz's exams (issue 25; quiz contract §1–§4; ADRs 068–070):
 *
 *   /answer/exam/list|queryById                       menu answer/ExamList (or ResultList / GradingList)
 *   /answer/exam/add|edit|delete|publish|close        exam:add|edit|delete|publish|close
 *   /answer/exam/publishResult                        exam:publishResult
 *   /answer/exam/statistics                           result:statistics (or menu answer/ResultList)
 *   /answer/exam/passRates                            menu answer/ExamList or answer/ResultList (analysis dashboard)
 *   /answer/candidate/login                           public, rate-limited like sign-in
 *   /answer/candidate/exams|start|save|switch|submit|result   'candidate' (system user or outside person's token)
 *   /answer/grading/questions|list|history            menu answer/GradingList or grading:grade
 *   /answer/grading/grade                             grading:grade
 *   /answer/result/list                               menu answer/ResultList
 *   /answer/result/sheet                              menu answer/ResultList or answer/GradingList
 *   /answer/result/exportXls                          result:export
 */
export default async function quizExamRoutes(app: FastifyInstance): Promise<void> {
  startExamCache(app.ctx);
  registerExamRoutes(app);
  registerCandidateRoutes(app);
  registerGradingRoutes(app);
  registerResultRoutes(app);
  registerStatisticsRoutes(app);
}
