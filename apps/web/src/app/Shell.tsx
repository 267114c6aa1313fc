import { QueryClientProvider } from '@tanstack/react-query';
import BasicLayout from '../layouts/BasicLayout';
import { queryClient } from './query-client';

/** The signed-in shell: server state (TanStack Query) and the main layout, loaded only after the login. */
export default function Shell() {
  return (
    <QueryClientProvider client={queryClient}>
      <BasicLayout />
    </QueryClientProvider>
  );
}
