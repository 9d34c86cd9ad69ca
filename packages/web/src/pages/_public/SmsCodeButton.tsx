import { useState } from 'react';
import { App, Button, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SmsPurpose } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useCountdown } from './useCountdown';

/** Spec §2 / DESIGN §6: a code can be requested again 60 s after the last one. */
export const RESEND_SECONDS = 60;

type Props = {
  form: FormInstance;
  purpose: SmsPurpose;
  testId: string;
  /** The form field holding the phone number. */
  phoneField?: string;
  onError: (err: unknown) => void;
};

/** "Get code": validates the phone field, sends the code, then counts down before a resend. */
export function SmsCodeButton({ form, purpose, testId, phoneField = 'un', onError }: Props) {
  const { t } = useTranslation('public');
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const { notification } = App.useApp();

  const send = async () => {
    let un: string;
    try {
      const values = (await form.validateFields([phoneField])) as Record<string, string>;
      un = values[phoneField].trim();
    } catch {
      return; // the phone field shows its own message
    }
    setSending(true);
    try {
      const result = await call(api.account.code, { un, purpose });
      start(result.resendIn > 0 ? result.resendIn : RESEND_SECONDS);
      setSentOnce(true);
      // development, on the server's own machine: no SMS gateway, so the code is shown here
      if (result.devCode) {
        notification.info({ key: 'dev-code', title: t('sms.devTitle'), description: t('sms.devCode', { code: result.devCode, phone: un }), duration: 0 });
      }
    } catch (err) {
      onError(err);
    } finally {
      setSending(false);
    }
  };

  const counting = remaining > 0;
  const label = counting ? `${remaining}s` : sentOnce ? t('sms.resend') : t('sms.get');
  return (
    <Button data-testid={testId} disabled={counting} loading={sending} onClick={() => void send()} style={{ minWidth: 112 }}>
      {label}
    </Button>
  );
}
