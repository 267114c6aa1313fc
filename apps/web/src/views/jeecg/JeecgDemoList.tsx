import { CrudPage } from '../../components/kit';
import { jeecgDemoPage } from './jeecg-demo.data';

/** 单表模型示例 (常见案例): the demo entity on the page kit */
export default function JeecgDemoList() {
  return <CrudPage schema={jeecgDemoPage} />;
}
