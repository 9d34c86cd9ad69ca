import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks the reviewer why (a reason is required to reject, API.md). */
export function RejectDialog({
  open,
  title,
  loading,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  loading: boolean;
  onOk: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('lifecycle');
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={t('reject.title', { name: title })}
      okText={t('action.reject')}
      okButtonProps={{ danger: true, loading, 'data-testid': 'reject-ok' }}
      onCancel={onCancel}
      onOk={() =>
        void form.validateFields().then(
          (v) => onOk(v.reason.trim()),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('reject.reason')}
          rules={[{ required: true, whitespace: true, message: t('reject.required') }, { max: 500 }]}
        >
          <Input.TextArea
            data-testid="reject-reason"
            rows={4}
            maxLength={500}
            showCount
            placeholder={t('reject.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
