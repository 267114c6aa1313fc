import { CrudPage } from '../../components/kit';
import { onlinePage } from './online/online.data';

/** 在线用户 (component system/SysUserOnlineList): the declaration in online/online.data.tsx. */
export default function SysUserOnlineList() {
  return <CrudPage schema={onlinePage} />;
}
