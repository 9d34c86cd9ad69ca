import { Form, Input, Space, type FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { SmsPurpose } from '@vitrine/contract';
import { useLang } from '../../i18n';
import { codeRule, phoneRule } from './rules';
import { SmsCodeButton } from './SmsCodeButton';

type PhoneProps = { testId: string; label?: string; placeholder: string; autoComplete: string };

/** The phone field of the public forms (spec §5 rules). */
export function PhoneField({ testId, label, placeholder, autoComplete }: PhoneProps) {
  const lang = useLang();
  return (
    <Form.Item name="un" label={label} rules={[phoneRule(lang)]}>
      <Input
        data-testid={testId}
        prefix={<MobileOutlined />}
        placeholder={placeholder}
        maxLength={11}
        inputMode="numeric"
        autoComplete={autoComplete}
      />
    </Form.Item>
  );
}

type CodeProps = {
  form: FormInstance;
  purpose: SmsPurpose;
  /** data-testid prefix: `<prefix>-code` and `<prefix>-send-code`. */
  testPrefix: string;
  label?: string;
  placeholder: string;
  onError: (err: unknown) => void;
};

/** The SMS code field with its 60 s send button, for a code bound to `purpose`. */
export function CodeField({ form, purpose, testPrefix, label, placeholder, onError }: CodeProps) {
  const lang = useLang();
  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[codeRule(lang)]}>
          <Input
            data-testid={`${testPrefix}-code`}
            prefix={<SafetyOutlined />}
            placeholder={placeholder}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <SmsCodeButton form={form} purpose={purpose} testId={`${testPrefix}-send-code`} onError={onError} />
      </Space.Compact>
    </Form.Item>
  );
}
