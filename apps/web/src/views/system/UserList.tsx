import { useState } from 'react';
import { CrudEditor, CrudPage, type EditorState } from '../../components/kit';
import { LoginLockLoader } from './user/login-locks';
import { userPage, userPasswordPage } from './user/user.data';

/** 用户管理 (component system/UserList): the declarations in user/user.data.tsx (the list and the 密码 dialog). */
export default function UserList() {
  const [passwordFor, setPasswordFor] = useState<EditorState<{ username: string }> | null>(null);
  return (
    <CrudPage
      schema={userPage}
      handlers={{ password: (r) => setPasswordFor(r ? { mode: 'edit', record: { username: r.username } } : null) }}
      beforeTable={(ctx) => <LoginLockLoader ids={ctx.list.dataSource.map((r) => r.id)} />}
    >
      {() => (
        <CrudEditor
          schema={userPasswordPage}
          state={passwordFor}
          fixed={{}}
          onClose={() => setPasswordFor(null)}
          onSaved={() => undefined}
        />
      )}
    </CrudPage>
  );
}
