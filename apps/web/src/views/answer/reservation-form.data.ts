import type { AnswerReservation } from '../../api/answer';
import { sessionOptions } from '../../api/answer';
import type { FormFieldSchema, Row } from '../../components/kit';
import { idCardRules, mobileRules } from './reservation-rules';

export const PERSON_TYPES = [
  { value: '1', label: '系统用户' },
  { value: '2', label: '外部人员' },
] as const;

/** sessions as options: those open for booking (a new reservation) or all (the session of an existing one) */
export const sessionSelectLoader = (all: boolean) => async () => {
  const res = await sessionOptions(all);
  return (res.result ?? []).map((s) => ({
    value: s.value,
    label: `${s.text}（${s.startTime.slice(0, 16)}，已约 ${s.bookedCount}/${s.capacity}）`,
    disabled: !all && s.bookedCount >= s.capacity,
  }));
};

const isUser = (v: Row) => v.personType === '1';

/** the fields of the 预约表单 page; 系统用户 picks a user, 外部人员 types name, mobile and ID number */
export function reservationFormFields(editing: boolean): FormFieldSchema<AnswerReservation>[] {
  return [
    {
      field: 'sessionId',
      label: '答题场次',
      widget: 'async-select',
      required: '请选择答题场次',
      readOnly: editing,
      props: { load: sessionSelectLoader(editing), showSearch: true, optionFilterProp: 'label' },
      extra: editing ? '已预约的场次不能更换，如需更换请取消后重新预约' : '只列出当前可以预约的场次',
    },
    {
      field: 'personType',
      label: '预约对象',
      widget: 'radio',
      initialValue: '2',
      props: { options: PERSON_TYPES, optionType: 'button', buttonStyle: 'solid' },
    },
    {
      field: 'userId',
      label: '预约用户',
      widget: 'user',
      required: '请选择预约用户',
      show: isUser,
      props: { store: 'id', multiple: false, placeholder: '请选择用户' },
    },
    { field: 'name', label: '姓名', required: '请输入姓名', show: (v) => !isUser(v), props: { maxLength: 100 } },
    { field: 'mobile', label: '手机号', rules: mobileRules, show: (v) => !isUser(v), props: { maxLength: 11 } },
    { field: 'idCard', label: '身份证号', rules: idCardRules, show: (v) => !isUser(v), props: { maxLength: 18 } },
    { field: 'remark', label: '备注', widget: 'textarea', props: { maxLength: 500, rows: 3 } },
  ];
}

/** the body of a save: only the person fields of the chosen type */
export function reservationBody(values: Row, id: string | null): Row {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string).trim() : (values[k] ?? null));
  const body: Row = { personType: values.personType ?? '2', remark: text('remark') };
  if (id) body.id = id;
  else body.sessionId = values.sessionId;
  if (body.personType === '1') body.userId = values.userId;
  else Object.assign(body, { name: text('name'), mobile: text('mobile'), idCard: text('idCard') });
  return body;
}
