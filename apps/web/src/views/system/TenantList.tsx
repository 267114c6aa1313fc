import { CrudPage } from '../../components/kit';
import { tenantPage } from './tenant/tenant.data';

/** 租户管理 (component system/TenantList): the declaration in tenant/tenant.data.ts. */
export default function TenantList() {
  return <CrudPage schema={tenantPage} />;
}
