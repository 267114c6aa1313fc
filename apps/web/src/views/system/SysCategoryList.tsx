import { CrudPage } from '../../components/kit';
import { categoryPage } from './category/category.data';

/** 分类字典 (component system/SysCategoryList): a lazy tree list; the declaration in category/category.data.ts. */
export default function SysCategoryList() {
  return <CrudPage schema={categoryPage} />;
}
