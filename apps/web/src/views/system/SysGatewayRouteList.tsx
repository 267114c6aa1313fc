import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { type GatewayStatus, gatewayStatus } from '../../api/gateway';
import { CrudPage } from '../../components/kit';
import { gatewayPage } from './gateway/gateway.data';

/** 路由网关 (component system/SysGatewayRouteList): the declaration in gateway/gateway.data.tsx; banner when off. */
export default function SysGatewayRouteList() {
  const [status, setStatus] = useState<GatewayStatus | null>(null);
  useEffect(() => {
    gatewayStatus()
      .then((r) => r.success && setStatus(r.result))
      .catch(() => {});
  }, []);
  return (
    <CrudPage
      schema={gatewayPage}
      beforeTable={() =>
        status && (
          <Alert
            data-testid="gateway-banner"
            style={{ marginBottom: 12 }}
            type={status.enabled ? 'info' : 'warning'}
            showIcon
            title={status.enabled ? '网关已开启：启用的路由会被转发' : '网关未开启：路由只保存，不转发任何请求'}
            description={
              status.enabled
                ? `允许的目标主机：${status.allowedHosts.join('、') || '（未配置，无法保存 http 路由）'}`
                : '服务器设置 GATEWAY=on 并在 GATEWAY_ALLOWED_HOSTS 中列出目标主机后，启用的路由才会转发请求。'
            }
          />
        )
      }
    />
  );
}
