import { CrudPage } from '../../components/kit';
import { announcementPage } from './announcement/announcement.data';
import { useAnnouncementViewer } from './announcement/viewer';

/** 系统通告 (component system/SysAnnouncementList): the declaration in announcement/announcement.data.tsx. */
export default function SysAnnouncementList() {
  const { open, viewers } = useAnnouncementViewer();
  return (
    <CrudPage schema={announcementPage} handlers={{ view: open }}>
      {() => viewers}
    </CrudPage>
  );
}
