import { Form, Input } from 'antd';
import { RECEIVER_HINT } from '../../../api/message';
import { registerWidget } from '../../../components/kit';

/** the receiver of a message: its placeholder says what the chosen channel (form field `channelField`) expects */
export function ReceiverInput({
  channelField,
  placeholder,
  ...props
}: { channelField: string; placeholder?: string } & Record<string, unknown>) {
  const channel = Form.useWatch(channelField) as string | undefined;
  return <Input maxLength={50} {...props} placeholder={RECEIVER_HINT[channel ?? ''] ?? placeholder} />;
}
registerWidget('message-receiver', { component: ReceiverInput });
