import { CrudPage } from '../../../components/kit';
import { messagePage } from './message.data';

/** 消息管理 (component modules/message/SysMessageList): the declaration in message.data.tsx. */
export default function SysMessageList() {
  return <CrudPage schema={messagePage} />;
}
