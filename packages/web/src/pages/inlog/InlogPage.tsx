import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Company, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { EnterpriseAvatar } from '../../app/layout/EnterpriseStatusTag';
import { commitChoice, fetchRoles } from '../../app/enterprise';
import { isLoggedIn } from '../../state/session';
import { formatTime } from '../enterprise/shared';
import { FormPage, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';

type Invitation = ResultOf<typeof api.company.inviteInfo>;
type Load = { state: 'loading' } | { state: 'ok'; info: Invitation } | { state: 'error'; message: string };

/** After accepting: enter the enterprise with the role the invitation gave (spec §4 choice), else go home. */
async function enter(company: Company, navigate: (to: string) => void): Promise<void> {
  if (company.status !== 1) {
    navigate('/home');
    return;
  }
  const roles = await fetchRoles(company.companyCode);
  if (roles.length > 0) commitChoice(company, roles[0]);
  else navigate('/home');
}

/** /inlog?invite=…: what the invitation points to; accept it when logged in, else log in or register first. */
export default function InlogPage() {
  const { t } = useTranslation('inlog');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const token = params.get('invite') ?? '';
  const loggedIn = isLoggedIn();
  const [load, setLoad] = useState<Load>(token ? { state: 'loading' } : { state: 'error', message: '' });
  const [accepting, setAccepting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!token) return;
    let live = true;
    call(api.company.inviteInfo, { token }).then(
      (info) => live && setLoad({ state: 'ok', info }),
      (err: unknown) => live && setLoad({ state: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const accept = async () => {
    setAccepting(true);
    setError(null);
    try {
      const company = await call(api.company.acceptInvite, { token });
      await enter(company, (to) => void navigate(to));
    } catch (err) {
      if (!(err instanceof ApiError && err.handled)) setError(err instanceof Error ? err.message : String(err));
    } finally {
      setAccepting(false);
    }
  };

  let body;
  if (!token) {
    body = (
      <Result
        icon={<MailOutlined />}
        title={t('noToken')}
        subTitle={t('noTokenText')}
        extra={<LinkButton to="/index">{t('home')}</LinkButton>}
      />
    );
  } else if (load.state === 'loading') {
    body = <Skeleton active data-testid="inlog-loading" />;
  } else if (load.state === 'error') {
    body = (
      <Result
        status="warning"
        title={t('invalid')}
        subTitle={load.message}
        extra={<LinkButton to="/index">{t('home')}</LinkButton>}
      />
    );
  } else {
    const { info } = load;
    const unusable = info.expired || info.used;
    body = (
      <div data-testid="inlog-invitation">
        <Space align="center" size={16} style={{ marginBottom: 16 }}>
          <EnterpriseAvatar title={info.title} logo={info.logo} size={56} />
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('title', { title: info.title })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('invitedBy', { name: info.inviter })}</Typography.Text>
          </div>
        </Space>
        <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('enterprise')}>{info.title}</Descriptions.Item>
          <Descriptions.Item label={t('code')}>{info.companyCode}</Descriptions.Item>
          <Descriptions.Item label={t('inviter')}>{info.inviter}</Descriptions.Item>
          <Descriptions.Item label={t('expires')}>{formatTime(info.expires)}</Descriptions.Item>
        </Descriptions>
        {unusable ? (
          <Alert
            type="warning"
            showIcon
            title={info.used ? t('used') : t('expired')}
            style={{ marginBottom: 16 }}
            data-testid="inlog-unusable"
          />
        ) : null}
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="inlog-error" />
        ) : null}
        {loggedIn ? (
          <Button
            type="primary"
            size="large"
            block
            disabled={unusable}
            loading={accepting}
            onClick={() => void accept()}
            data-testid="inlog-accept"
          >
            {t('accept')}
          </Button>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('loginFirst')}</Typography.Paragraph>
            <Space wrap>
              <LinkButton
                type="primary"
                disabled={unusable}
                to={`/index?redirect=${encodeURIComponent(back)}`}
                data-testid="inlog-login"
              >
                {t('login')}
              </LinkButton>
              <LinkButton disabled={unusable} to="/register" data-testid="inlog-register">
                {t('register')}
              </LinkButton>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
              {t('registerThenBack')}
            </Typography.Paragraph>
          </>
        )}
      </div>
    );
  }

  return (
    <PublicLayout>
      <FormPage width={560}>
        <Card variant="borderless">{body}</Card>
      </FormPage>
    </PublicLayout>
  );
}
