import { message as staticMessage, Modal as staticModal, notification as staticNotification } from 'antd';
import type { useAppProps } from 'antd/es/app/context';

/**
 * Holder for antd's message / notification / modal APIs. The app binds the context-aware instances from
 * `App.useApp()` at start (so they follow the theme and locale); code outside React (the http client) uses
 * this holder. Before binding, antd's static functions are the fallback.
 */
export type Feedback = useAppProps;

export const feedback: Feedback = {
  message: staticMessage as unknown as Feedback['message'],
  notification: staticNotification as unknown as Feedback['notification'],
  modal: staticModal as unknown as Feedback['modal'],
};

export function bindFeedback(next: Feedback): void {
  feedback.message = next.message;
  feedback.notification = next.notification;
  feedback.modal = next.modal;
}
