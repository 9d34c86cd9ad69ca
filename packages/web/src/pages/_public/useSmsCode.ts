import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsPurpose } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { useCountdown } from './useCountdown';

/** Spec §2 / DESIGN §6: a code can be requested again 60 s after the last one. */
export const RESEND_SECONDS = 60;

type Options = {
  purpose: SmsPurpose;
  /** The checked phone number, or null when the phone field shows its own message. */
  phone: () => Promise<string | null>;
  onError: (err: unknown) => void;
  /** Development, on the server's own machine: no SMS gateway, so the code comes back to be shown. */
  onDevCode: (text: { title: string; description: string }) => void;
};

/**
 * "Get code", for the antd forms (SmsCodeButton) and the landing page's login panel alike: checks
 * the phone, sends the code, then counts down before a resend.
 */
export function useSmsCode({ purpose, phone, onError, onDevCode }: Options) {
  const { t } = useTranslation('public');
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  const send = async () => {
    const un = await phone();
    if (un === null) return;
    setSending(true);
    try {
      const result = await call(api.account.code, { un, purpose });
      start(result.resendIn > 0 ? result.resendIn : RESEND_SECONDS);
      setSentOnce(true);
      if (result.devCode)
        onDevCode({ title: t('sms.devTitle'), description: t('sms.devCode', { code: result.devCode, phone: un }) });
    } catch (err) {
      onError(err);
    } finally {
      setSending(false);
    }
  };

  const counting = remaining > 0;
  const label = counting ? `${remaining}s` : sentOnce ? t('sms.resend') : t('sms.get');
  return { label, counting, sending, send: () => void send() };
}
