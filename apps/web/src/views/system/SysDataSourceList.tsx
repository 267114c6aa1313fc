import { CrudPage } from '../../components/kit';
import { dataSourcePage } from './data-source/data-source.data';

/** 多数据源管理 (component system/SysDataSourceList): the declaration in data-source/data-source.data.tsx. */
export default function SysDataSourceList() {
  return <CrudPage schema={dataSourcePage} />;
}
