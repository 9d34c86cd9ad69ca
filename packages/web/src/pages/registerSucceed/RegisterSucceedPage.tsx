import { Card, Descriptions, Result, Typography } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENTERPRISE_STATUS } from '@vitrine/contract';
import { isLoggedIn } from '../../state/session';
import { FormPage, PublicLayout } from '../_public/PublicLayout';
import { LinkButton } from '../_public/LinkButton';
import { parseFlag, readSucceedState } from './flags';

/** /register_succeed?flag=1 (enterprise created, under review) or flag=2 (join requested). */
export default function RegisterSucceedPage() {
  const { t } = useTranslation('public');
  const [params] = useSearchParams();
  const location = useLocation();
  const flag = parseFlag(params.get('flag'));
  const { title, code } = readSucceedState(location.state);

  if (flag === 'unknown') {
    return (
      <PublicLayout>
        <FormPage width={640}>
          <Card variant="borderless">
            <Result
              status="warning"
              title={t('succeed.unknownTitle')}
              subTitle={t('succeed.unknownText')}
              extra={
                <LinkButton type="primary" to={isLoggedIn() ? '/home' : '/index'}>
                  {isLoggedIn() ? t('nav.console') : t('nav.login')}
                </LinkButton>
              }
            />
          </Card>
        </FormPage>
      </PublicLayout>
    );
  }

  const created = flag === 'created';
  const details = [
    title ? { key: 'title', label: t('succeed.enterprise'), children: title } : null,
    code
      ? {
          key: 'code',
          label: t('succeed.code'),
          children: <Typography.Text copyable={created}>{code}</Typography.Text>,
        }
      : null,
    created
      ? { key: 'status', label: t('succeed.status'), children: t(`succeed.statusValue.${ENTERPRISE_STATUS.review}`) }
      : null,
  ].filter((item) => item !== null);

  return (
    <PublicLayout>
      <FormPage width={680}>
        <Card variant="borderless">
          <Result
            status={created ? 'success' : 'info'}
            title={created ? t('succeed.createdTitle') : t('succeed.joinTitle')}
            subTitle={created ? t('succeed.createdText') : t('succeed.joinText')}
            extra={[
              <LinkButton key="home" type="primary" to="/home" data-testid="succeed-console">
                {t('succeed.toConsole')}
              </LinkButton>,
              <LinkButton key="other" to={created ? '/register?step=join' : '/register?step=create'}>
                {created ? t('succeed.alsoJoin') : t('succeed.alsoCreate')}
              </LinkButton>,
            ]}
          >
            {details.length > 0 && <Descriptions column={1} size="small" bordered items={details} />}
            <Typography.Paragraph type="secondary" style={{ marginTop: details.length > 0 ? 16 : 0, marginBottom: 0 }}>
              {created ? t('succeed.createdNext') : t('succeed.joinNext')}
            </Typography.Paragraph>
          </Result>
        </Card>
      </FormPage>
    </PublicLayout>
  );
}
