import { Alert, Button, Card, Form, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type AnswerReservation, addReservation, editReservation, queryReservation } from '../../api/answer';
import { type FormContext, initialFormValues, SchemaForm } from '../../components/kit';
import { useTabs } from '../../stores/tabs';
import { feedback } from '../../utils/feedback';
import { reservationBody, reservationFormFields } from './reservation-form.data';
import { RESERVATION_LIST_PATH, reservationsChanged } from './reservation-rules';

/**
 * 预约表单 (component answer/ReservationForm, route /answer/reservation/form): a page of its own, opened from the list
 * (?id= edits a reservation). A system user through the user picker or an outside person (name, mobile, ID number);
 * after a save it goes back to the list, which reloads.
 */
export default function ReservationForm() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm();
  const [record, setRecord] = useState<AnswerReservation | null>(null);
  const [loading, setLoading] = useState(!!id);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => reservationFormFields(!!id), [id]);
  const ctx: FormContext<AnswerReservation> = { record, mode: id ? 'edit' : 'add', fixed: {} };

  useEffect(() => {
    if (!id) {
      form.resetFields();
      form.setFieldsValue(initialFormValues(fields));
      return;
    }
    let live = true;
    setLoading(true);
    queryReservation(id)
      .then((res) => {
        if (!live) return;
        if (!res.success) {
          setLoadError(res.message || '未找到对应的预约');
          return;
        }
        const r = res.result;
        setRecord(r);
        form.setFieldsValue({
          sessionId: r.sessionId,
          personType: r.personType,
          userId: r.userId ?? undefined,
          name: r.name,
          mobile: r.mobile ?? undefined,
          idCard: r.idCard ?? undefined,
          remark: r.remark ?? undefined,
        });
      })
      .catch(() => live && setLoadError('加载预约失败'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, form, fields]);

  /** back to the list; the form's tab closes (a later 新增 / 编辑 opens a fresh one) */
  const back = () => {
    form.resetFields();
    form.setFieldsValue(initialFormValues(fields));
    useTabs.getState().dispatch({ type: 'close', key: location.pathname + location.search });
    navigate(RESERVATION_LIST_PATH);
  };

  const save = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = reservationBody(values, id);
      const res = id ? await editReservation(body) : await addReservation(body);
      if (!res.success) {
        feedback.message.warning(res.message);
        return;
      }
      feedback.message.success(res.message || '保存成功');
      reservationsChanged();
      back();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const editable = !record || record.status === '0' || record.status === '1';
  return (
    <Card title={id ? '编辑预约' : '新增预约'} data-testid="reservation-form-page">
      {loadError ? <Alert type="error" showIcon title={loadError} style={{ marginBottom: 16 }} /> : null}
      {record && !editable ? (
        <Alert
          type="info"
          showIcon
          title={`该预约${record.status_dictText ?? ''}，不能再编辑`}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {record ? (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={`预约编号：${record.reservationNo}　状态：${record.status_dictText ?? record.status}`}
        />
      ) : null}
      <Spin spinning={loading}>
        <div style={{ maxWidth: 760 }}>
          <SchemaForm form={form} fields={fields} ctx={ctx} name="reservation" labelSpan={5} wrapperSpan={16} />
          <Space style={{ marginLeft: `${(5 / 24) * 100}%` }}>
            <Button type="primary" loading={saving} disabled={!editable || !!loadError} onClick={save}>
              保存
            </Button>
            <Button onClick={back}>返回</Button>
          </Space>
        </div>
      </Spin>
    </Card>
  );
}
