import { CrudPage } from '../../components/kit';
import { orderExpandPage } from './order-expand';

/** 内嵌Table (常见案例): orders whose rows expand to their customers and tickets */
export default function TableExpandeSub() {
  return <CrudPage schema={orderExpandPage} />;
}
