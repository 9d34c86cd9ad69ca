import { App, Button, type FormInstance } from 'antd';
import { type SmsPurpose } from '@vitrine/contract';
import { useSmsCode } from './useSmsCode';

type Props = {
  form: FormInstance;
  purpose: SmsPurpose;
  testId: string;
  /** The form field holding the phone number. */
  phoneField?: string;
  onError: (err: unknown) => void;
};

/** "Get code" on an antd form: validates the phone field, sends the code, then counts down before a resend. */
export function SmsCodeButton({ form, purpose, testId, phoneField = 'un', onError }: Props) {
  const { notification } = App.useApp();
  const sms = useSmsCode({
    purpose,
    onError,
    phone: async () => {
      try {
        const values = (await form.validateFields([phoneField])) as Record<string, string>;
        return values[phoneField].trim();
      } catch {
        return null; // the phone field shows its own message
      }
    },
    onDevCode: ({ title, description }) => notification.info({ key: 'dev-code', title, description, duration: 0 }),
  });
  return (
    <Button
      data-testid={testId}
      disabled={sms.counting}
      loading={sms.sending}
      onClick={sms.send}
      style={{ minWidth: 112 }}
    >
      {sms.label}
    </Button>
  );
}
