import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EnterpriseAvatar, EnterpriseStatusTag } from '../../app/layout/EnterpriseStatusTag';
import { MenuIcon } from '../../app/layout/menuIcons';
import { canonicalPath, normalizePath, shortcutItems } from '../../app/layout/menuTree';
import { useLang } from '../../i18n';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { Dashboard } from './Dashboard';
import { GettingStarted } from './GettingStarted';
import './home.css';

/** /home: the morning's figures (stats/home), the enterprise, the current role and shortcuts to the user's areas. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const navigate = useNavigate();
  const { activeCom, roleItem, authList, nickName, userName } = useStore(appStore);
  const shortcuts = shortcutItems(authList);

  return (
    <div className="vt-home" data-testid="home-page">
      <Typography.Title level={3} className="vt-home-greeting">
        {nickName || userName ? t('greeting', { name: nickName || userName }) : t('greetingAnon')}
      </Typography.Title>
      <GettingStarted />
      <Dashboard />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={t('enterprise.title')} className="vt-home-card" data-testid="home-enterprise">
            <div className="vt-home-ent">
              <EnterpriseAvatar title={activeCom.title} logo={activeCom.logo} size={48} />
              <Descriptions column={1} size="small" className="vt-home-desc">
                <Descriptions.Item label={t('enterprise.name')}>{activeCom.title}</Descriptions.Item>
                <Descriptions.Item label={t('enterprise.code')}>{activeCom.companyCode}</Descriptions.Item>
                <Descriptions.Item label={t('enterprise.status')}>
                  <EnterpriseStatusTag status={activeCom.status} />
                </Descriptions.Item>
              </Descriptions>
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('role.title')} className="vt-home-card" data-testid="home-role">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('role.current')}>
                {roleItem.deptName && roleItem.role
                  ? `${roleItem.deptName} / ${t(`common:roleName.${roleItem.role}`, { defaultValue: roleItem.roleName ?? String(roleItem.role) })}`
                  : '—'}
              </Descriptions.Item>
              {roleItem.jobName ? (
                <Descriptions.Item label={t('role.job')}>{roleItem.jobName}</Descriptions.Item>
              ) : null}
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Typography.Title level={5} className="vt-home-section">
        {t('shortcuts.title')}
      </Typography.Title>
      {shortcuts.length === 0 ? (
        <Typography.Text type="secondary">{t('shortcuts.none')}</Typography.Text>
      ) : (
        <Row gutter={[16, 16]}>
          {shortcuts.map((item) => {
            const path = normalizePath(item.path);
            return (
              <Col key={item.id} xs={12} md={8} xl={6}>
                <Card
                  hoverable
                  className="vt-home-shortcut"
                  data-testid={`home-shortcut-${path}`}
                  onClick={() => void navigate(canonicalPath(path))}
                >
                  <span className="vt-home-shortcut-icon">
                    <MenuIcon name={item.icon} path={path} />
                  </span>
                  <span className="vt-home-shortcut-title">
                    {lang === 'en' ? item.titleEn || item.title : item.title}
                  </span>
                  <RightOutlined className="vt-home-shortcut-arrow" />
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
