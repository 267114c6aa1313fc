import { useState } from 'react';
import type { QuartzJob } from '../../api/quartz';
import { CrudPage } from '../../components/kit';
import { quartzPage } from './quartz/quartz.data';
import { RunHistoryDrawer } from './quartz/RunHistoryDrawer';

/** 定时任务 (component system/QuartzJobList): the declaration in quartz/quartz.data.tsx; 执行记录 drawer. */
export default function QuartzJobList() {
  const [runsOf, setRunsOf] = useState<QuartzJob | null>(null);
  return (
    <CrudPage schema={quartzPage} handlers={{ runs: (r) => setRunsOf(r ?? null) }}>
      {() => <RunHistoryDrawer job={runsOf} onClose={() => setRunsOf(null)} />}
    </CrudPage>
  );
}
