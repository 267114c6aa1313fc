import { seedAnswerArea } from './answer-area.ts';
import type { AreaSeed } from './area-seed.ts';
import { seedDemoArea } from './demo-area.ts';
import { seedDictArea } from './dict-area.ts';
import { seedExampleArea } from './example-area.ts';
import { seedGatewayArea } from './gateway-area.ts';
import { seedMessageArea } from './message-area.ts';
import { seedOnlineArea } from './online-area.ts';
import { seedQuizArea } from './quiz-area.ts';
import { seedQuizExamArea } from './quiz-exam-area.ts';
import { seedReportArea } from './report-area.ts';

// the types live apart so that area files need not import this list (which imports them)
export type { AreaSeed, AreaSeedContext } from './area-seed.ts';

/**
 * Demo rows of the areas built after the foundation (categories, check/fill rules, announcements, message templates…).
 * Each area adds its seed function here, in its own file under db/seed/; all run inside the one seed transaction, after
 * users, roles, departments, dictionaries and menus exist.
 */
export const AREA_SEEDS: AreaSeed[] = [
  seedDictArea,
  seedMessageArea,
  seedDemoArea,
  seedGatewayArea,
  seedAnswerArea,
  seedQuizArea,
  seedOnlineArea,
  seedReportArea,
  seedExampleArea,
  seedQuizExamArea,
];
