import { startTransition, useEffect, useState } from 'react';
import { Card, Descriptions } from 'antd';
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
import { Cell, Grid } from './Grid';
import './home.css';

/** The enterprise and the current role, and shortcuts to the user's areas. */
function HomeDetails() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const navigate = useNavigate();
  const { activeCom, roleItem, authList } = useStore(appStore, 'activeCom', 'roleItem', 'authList');
  const shortcuts = shortcutItems(authList);
  return (
    <>
      <Grid>
        <Cell xs={24} lg={14}>
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
        </Cell>
        <Cell xs={24} lg={10}>
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
        </Cell>
      </Grid>
      <h5 className="vt-home-title vt-home-title-5 vt-home-section">{t('shortcuts.title')}</h5>
      {shortcuts.length === 0 ? (
        <span className="vt-text-secondary">{t('shortcuts.none')}</span>
      ) : (
        <Grid>
          {shortcuts.map((item) => {
            const path = normalizePath(item.path);
            return (
              <Cell key={item.id} xs={12} md={8} xl={6}>
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
              </Cell>
            );
          })}
        </Grid>
      )}
    </>
  );
}

/** /home: the morning's figures (stats/home), the enterprise, the current role and shortcuts to the user's areas. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { nickName, userName } = useStore(appStore, 'nickName', 'userName');
  // The enterprise, the role and the shortcuts, below the figures, are drawn in a transition after
  // the page's first commit, and the getting-started steps (drawn only once their five lists are in)
  // ask for those lists then: that commit, the longest task of opening the console, does less
  // (issue 25 §7). The details are added under what is there, which does not move.
  const [details, setDetails] = useState(false);
  useEffect(() => startTransition(() => setDetails(true)), []);

  return (
    <div className="vt-home" data-testid="home-page">
      <h3 className="vt-home-title vt-home-greeting">
        {nickName || userName ? t('greeting', { name: nickName || userName }) : t('greetingAnon')}
      </h3>
      {details ? <GettingStarted /> : null}
      <Dashboard />
      {details ? <HomeDetails /> : null}
    </div>
  );
}
