import { CrudPage } from '../../components/kit';
import { positionPage } from './position/position.data';

/** 职务管理 (component system/SysPositionList): the declaration in position/position.data.ts. */
export default function SysPositionList() {
  return <CrudPage schema={positionPage} />;
}
