import type { Result } from '@answer/contract';
import { runCall } from '../kit/run-call';
import { JSelectUserByDepModal } from './JSelectUserByDepModal';

/**
 * 添加已有用户 of a member list (a role's users, a department's users): the department/user picker; the chosen ids
 * go to `add`, then the server's message and `after` (the list's reload).
 */
export function AddUsersPicker({
  open,
  onClose,
  add,
  after,
  okText,
}: {
  open: boolean;
  onClose: () => void;
  add: (userIds: string[]) => Promise<Result<unknown>>;
  after: () => void;
  okText?: string;
}) {
  return (
    <JSelectUserByDepModal
      open={open}
      multiple
      onCancel={onClose}
      onOk={(rows) => {
        onClose();
        if (rows.length) void runCall(() => add(rows.map((r) => r.id)), after, okText);
      }}
    />
  );
}
