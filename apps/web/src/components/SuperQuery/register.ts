import { registerSuperQuery } from '../kit/CrudPage';
import { SuperQueryButton } from './index';

// every kit list page (superQuery !== false) shows the 高级查询 button; its builder loads lazily
registerSuperQuery(SuperQueryButton);
