import { http } from './http';

/** Message center (sys_sms / sys_sms_template): /sys/message/sysMessage and /sys/message/sysMessageTemplate. */

export const MESSAGE_URLS = {
  list: '/sys/message/sysMessage/list',
  add: '/sys/message/sysMessage/add',
  edit: '/sys/message/sysMessage/edit',
  delete: '/sys/message/sysMessage/delete',
  deleteBatch: '/sys/message/sysMessage/deleteBatch',
  resend: '/sys/message/sysMessage/resend',
  exportXls: '/sys/message/sysMessage/exportXls',
} as const;

export const TEMPLATE_URLS = {
  list: '/sys/message/sysMessageTemplate/list',
  add: '/sys/message/sysMessageTemplate/add',
  edit: '/sys/message/sysMessageTemplate/edit',
  delete: '/sys/message/sysMessageTemplate/delete',
  deleteBatch: '/sys/message/sysMessageTemplate/deleteBatch',
  exportXls: '/sys/message/sysMessageTemplate/exportXls',
  sendMsg: '/sys/message/sysMessageTemplate/sendMsg',
} as const;

/** channels: 1 短信, 2 邮件, 3 系统消息 (dictionary msgType) */
export const CHANNEL_OPTIONS = [
  { value: '1', label: '短信' },
  { value: '2', label: '邮件' },
  { value: '3', label: '系统消息' },
];

export const RECEIVER_HINT: Record<string, string> = {
  '1': '请输入11位手机号',
  '2': '请输入邮箱地址',
  '3': '请输入接收用户的账号',
};

export interface SysMessage {
  id: string;
  esTitle: string | null;
  esType: string | null;
  esType_dictText?: string;
  esReceiver: string | null;
  esParam: string | null;
  esContent: string | null;
  esSendTime: string | null;
  esSendStatus: string | null;
  esSendStatus_dictText?: string;
  esSendNum: number | null;
  esResult: string | null;
  remark: string | null;
  createTime?: string | null;
}

export interface SysMessageTemplate {
  id: string;
  templateName: string | null;
  templateCode: string;
  templateType: string;
  templateType_dictText?: string;
  templateContent: string;
  templateTestJson: string | null;
  createTime?: string | null;
}

export interface SendTestForm {
  templateCode: string;
  testData?: string | null;
  receiver: string;
  msgType: string;
}

export function resendMessage(id: string) {
  return http.post<SysMessage>(MESSAGE_URLS.resend, { id });
}

export function sendTestMessage(values: SendTestForm) {
  return http.post<SysMessage>(TEMPLATE_URLS.sendMsg, values);
}
