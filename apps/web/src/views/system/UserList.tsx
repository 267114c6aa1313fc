import { useState } from 'react';
import { CrudPage } from '../../components/kit';
import { PasswordModal } from './user/PasswordModal';
import { userPage } from './user/user.data';

/** 用户管理 (component system/UserList): the declaration in user/user.data.tsx; the password dialog of 密码. */
export default function UserList() {
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  return (
    <CrudPage schema={userPage} handlers={{ password: (r) => setPasswordFor(r?.username ?? null) }}>
      {() => <PasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />}
    </CrudPage>
  );
}
