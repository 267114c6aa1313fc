import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { bindFeedback } from '../utils/feedback';

function Binder() {
  const api = AntApp.useApp();
  useEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return null;
}

/**
 * antd's message / notification / modal holders, loaded after the first paint (or at the first call) and bound
 * to `feedback`. Rendered inside the root ConfigProvider, so they follow the theme and locale.
 */
export default function FeedbackHost() {
  return (
    <AntApp component={false}>
      <Binder />
    </AntApp>
  );
}
