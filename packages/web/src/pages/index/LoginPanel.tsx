import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { isLoggedIn, saveLogin } from '../../state/session';
import { redirectTarget } from '../_public/rules';
import { useSmsCode } from '../_public/useSmsCode';
import { LockIcon, PhoneIcon, ShieldIcon } from '../_public/icons';
import { LoginTabs, PANEL_ID, tabId } from './LoginTabs';
import { Notice } from './Notice';
import { TextField } from './TextField';
import { fieldsOf, useLoginForm, type Mode } from './useLoginForm';

/** Notices other pages hand over through navigation state (e.g. after a password reset). */
export type IndexNotice = { notice?: 'reset' };

/**
 * Login panel of /index: password tab (un, pw) and SMS-code tab (un, code) sharing the phone. Plain
 * React and index.css, no antd (decisions/0119); the behaviour is the antd form's it replaced.
 */
export function LoginPanel() {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const form = useLoginForm();
  const [mode, setMode] = useState<Mode>('password');
  const [submitting, setSubmitting] = useState(false);
  const [devCode, setDevCode] = useState<{ title: string; description: string } | null>(null);
  const notice = (location.state as IndexNotice | null)?.notice;
  const redirect = params.get('redirect');
  const { values, errors } = form;

  const sms = useSmsCode({
    purpose: 'login',
    onError: form.refuse,
    onDevCode: setDevCode,
    phone: async () => ((await form.validate(['un'])) ? null : values.un.trim()),
  });

  const switchMode = (next: Mode) => {
    setMode(next);
    form.resetSecrets();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    form.setAlert(null);
    const invalid = await form.validate(fieldsOf(mode));
    if (invalid) {
      document.getElementById(`login-${invalid}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const un = values.un.trim();
      const result =
        mode === 'password'
          ? await call(api.account.login, { un, pw: values.pw })
          : await call(api.account.loginSms, { un, code: values.code.trim() });
      saveLogin(result);
      void navigate(redirectTarget(redirect), { replace: true });
    } catch (err) {
      form.refuse(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="vt-login" aria-labelledby="login-title">
      <h2 className="vt-login-title" id="login-title">
        {t('login.title')}
      </h2>
      <p className="vt-login-subtitle">{t('login.subtitle')}</p>
      {isLoggedIn() && (
        <Notice
          kind="success"
          action={
            <Link to="/home" className="vt-btn vt-btn-primary vt-btn-sm">
              {t('nav.console')}
            </Link>
          }
        >
          {t('login.already')}
        </Notice>
      )}
      {notice === 'reset' && <Notice kind="success">{t('login.resetDone')}</Notice>}
      {redirect && !isLoggedIn() && <Notice kind="info">{t('login.redirectHint')}</Notice>}
      <LoginTabs mode={mode} onChange={switchMode} />
      <form id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(mode)} noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id="login-un"
          testId="login-un"
          label={t('field.phone')}
          icon={<PhoneIcon />}
          placeholder={t('field.phonePlaceholder')}
          value={values.un}
          onChange={(v) => form.change('un', v)}
          error={errors.un}
          maxLength={11}
          inputMode="numeric"
          autoComplete="username"
        />
        {mode === 'password' ? (
          <TextField
            id="login-pw"
            testId="login-pw"
            label={t('field.password')}
            icon={<LockIcon />}
            type="password"
            value={values.pw}
            onChange={(v) => form.change('pw', v)}
            error={errors.pw}
            autoComplete="current-password"
          />
        ) : (
          <TextField
            id="login-code"
            testId="login-code"
            label={t('field.code')}
            icon={<ShieldIcon />}
            placeholder={t('field.codePlaceholder')}
            value={values.code}
            onChange={(v) => form.change('code', v)}
            error={errors.code}
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            addon={
              <button
                type="button"
                className="vt-btn vt-btn-default vt-btn-lg vt-send-code"
                data-testid="login-send-code"
                disabled={sms.counting}
                aria-busy={sms.sending}
                onClick={sms.send}
              >
                {sms.label}
              </button>
            }
          />
        )}
        {devCode && (
          <Notice kind="info">
            <strong>{devCode.title}</strong> {devCode.description}
          </Notice>
        )}
        {form.alert && (
          <Notice kind="error" testId="login-alert">
            {form.alert}
          </Notice>
        )}
        <button
          type="submit"
          className="vt-btn vt-btn-primary vt-btn-lg vt-btn-block"
          data-testid="login-submit"
          aria-busy={submitting}
        >
          {submitting && <span className="vt-btn-spin" aria-hidden="true" />}
          {t('login.submit')}
        </button>
      </form>
      <div className="vt-login-links">
        <Link to="/register">{t('login.toRegister')}</Link>
        <Link to="/resetPw">{t('login.toReset')}</Link>
      </div>
    </section>
  );
}
