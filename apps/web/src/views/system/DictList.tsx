import { CrudPage } from '../../components/kit';
import { dictPage } from './dict/dict.data';

/** 数据字典 (component system/DictList): master–detail; the declarations in dict/dict.data.ts, dict-item.data.ts. */
export default function DictList() {
  return <CrudPage schema={dictPage} />;
}
