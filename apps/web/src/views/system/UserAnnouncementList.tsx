import { CheckOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { CrudPage } from '../../components/kit';
import { asNotice, myAnnouncementPage, readAll } from './announcement/my-announcement.data';
import { useAnnouncementViewer } from './announcement/viewer';

/** 我的消息 (component system/UserAnnouncementList): the declaration in announcement/my-announcement.data.tsx. */
export default function UserAnnouncementList() {
  const { open, viewers } = useAnnouncementViewer(true);
  return (
    <CrudPage
      schema={myAnnouncementPage}
      handlers={{ view: (r) => r && open(asNotice(r)) }}
      toolbarExtra={(ctx) => (
        <Popconfirm title="是否全部标记已读?" okText="确定" cancelText="取消" onConfirm={() => readAll(ctx.reload)}>
          <Button type="primary" icon={<CheckOutlined />}>
            全部标记已读
          </Button>
        </Popconfirm>
      )}
    >
      {() => viewers}
    </CrudPage>
  );
}
