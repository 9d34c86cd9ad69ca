import { Card, Result, Space, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLoggedIn } from '../../state/session';
import { FormPage, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';

/**
 * /inlog?invite=…: accepting invitations (DESIGN §4) comes in a later release. Until then the page
 * says so plainly and points to the ways in that work today; it does not pretend to accept anything.
 */
export default function InlogPage() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const loggedIn = isLoggedIn();

  return (
    <PublicLayout>
      <FormPage width={640}>
        <Card variant="borderless">
          <Result
            icon={<MailOutlined />}
            title={invite ? t('inlog.titleWithInvite') : t('inlog.title')}
            subTitle={t('inlog.text')}
            extra={
              <Space wrap>
                {loggedIn ? (
                  <LinkButton type="primary" to="/register?step=join" data-testid="inlog-join">
                    {t('inlog.joinByCode')}
                  </LinkButton>
                ) : (
                  <>
                    <LinkButton type="primary" to="/index" data-testid="inlog-login">
                      {t('nav.login')}
                    </LinkButton>
                    <LinkButton to="/register?step=join" data-testid="inlog-register">
                      {t('nav.register')}
                    </LinkButton>
                  </>
                )}
              </Space>
            }
          >
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('inlog.meanwhile')}
            </Typography.Paragraph>
          </Result>
        </Card>
      </FormPage>
    </PublicLayout>
  );
}
