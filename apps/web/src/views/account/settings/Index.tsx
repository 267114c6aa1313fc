import { Navigate } from 'react-router';

/** 个人设置 (component account/settings/Index): its first section is 基本设置. */
export default function AccountSettings() {
  return <Navigate to="/account/settings/base" replace />;
}
