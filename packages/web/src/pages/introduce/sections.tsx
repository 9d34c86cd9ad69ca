import type { ReactNode } from 'react';
import { Card, Col, Row, Tag, Typography, theme } from 'antd';
import {
  ArrowRightOutlined,
  BarChartOutlined,
  CheckOutlined,
  CrownOutlined,
  DesktopOutlined,
  NotificationOutlined,
  PlaySquareOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS } from '@vitrine/contract';
import type { KeyOf, KeysUnder } from '../../i18n/keys';

type Area = {
  key: Exclude<KeysUnder<'introduce', 'areas'>, 'heading' | 'subheading'>;
  icon: ReactNode;
  bullets: readonly KeyOf<'introduce'>[];
  extra?: ReactNode;
};

/** Age bands of the visitor statistics (spec §3, §9). */
export const AGE_BANDS = ['0-18', '19-29', '30-39', '40-49', '50+'] as const;

/** Device status colours (spec §4): offline red, abnormal blue, playback-abnormal amber, normal green. */
const STATUS_COLORS = [
  { status: DEVICE_STATUS.offline, color: 'red' },
  { status: DEVICE_STATUS.abnormal, color: 'blue' },
  { status: DEVICE_STATUS.playbackAbnormal, color: 'gold' },
  { status: DEVICE_STATUS.normal, color: 'green' },
] as const;

function DeviceStatusTags() {
  const { t } = useTranslation('introduce');
  return (
    <div style={{ marginTop: 12 }}>
      {STATUS_COLORS.map(({ status, color }) => (
        <Tag key={status} color={color}>
          {t(`deviceStatus.${status}`)}
        </Tag>
      ))}
    </div>
  );
}

function AgeBandTags() {
  const { t } = useTranslation('introduce');
  return (
    <div style={{ marginTop: 12 }}>
      {AGE_BANDS.map((band) => (
        <Tag key={band} color="processing">
          {band}
        </Tag>
      ))}
      <Tag>{t('gender.female')}</Tag>
      <Tag>{t('gender.male')}</Tag>
    </div>
  );
}

const AREAS: readonly Area[] = [
  {
    key: 'ads',
    icon: <PlaySquareOutlined />,
    bullets: ['areas.ads.b1', 'areas.ads.b2', 'areas.ads.b3', 'areas.ads.b4'],
  },
  {
    key: 'ai',
    icon: <SolutionOutlined />,
    bullets: ['areas.ai.b1', 'areas.ai.b2', 'areas.ai.b3'],
    extra: <AgeBandTags />,
  },
  { key: 'inform', icon: <NotificationOutlined />, bullets: ['areas.inform.b1', 'areas.inform.b2', 'areas.inform.b3'] },
  {
    key: 'incentives',
    icon: <TrophyOutlined />,
    bullets: ['areas.incentives.b1', 'areas.incentives.b2', 'areas.incentives.b3'],
  },
  {
    key: 'stores',
    icon: <ShopOutlined />,
    bullets: ['areas.stores.b1', 'areas.stores.b2', 'areas.stores.b3', 'areas.stores.b4'],
    extra: <DeviceStatusTags />,
  },
  {
    key: 'data',
    icon: <BarChartOutlined />,
    bullets: ['areas.data.b1', 'areas.data.b2', 'areas.data.b3', 'areas.data.b4'],
    extra: <AgeBandTags />,
  },
];

function IconBadge({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 40,
        height: 40,
        borderRadius: 10,
        fontSize: 20,
        color: token.colorPrimary,
        background: token.colorPrimaryBg,
        flex: 'none',
      }}
    >
      {children}
    </span>
  );
}

export function AreaCards() {
  const { t } = useTranslation('introduce');
  const { token } = theme.useToken();
  return (
    <Row gutter={[20, 20]}>
      {AREAS.map((area) => (
        <Col key={area.key} xs={24} md={12}>
          <Card style={{ height: '100%' }} styles={{ body: { padding: 24 } }}>
            <div style={{ display: 'flex', gap: 14, alignItems: 'center', marginBottom: 12 }}>
              <IconBadge>{area.icon}</IconBadge>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t(`areas.${area.key}.title`)}
              </Typography.Title>
            </div>
            <Typography.Paragraph type="secondary">{t(`areas.${area.key}.text`)}</Typography.Paragraph>
            {area.bullets.map((bullet) => (
              <div key={bullet} style={{ display: 'flex', gap: 8, marginBottom: 6 }}>
                <CheckOutlined style={{ color: token.colorSuccess, marginTop: 5 }} />
                <span>{t(bullet)}</span>
              </div>
            ))}
            {area.extra}
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** console → screens → statistics → console (DESIGN §1). */
export function LoopDiagram() {
  const { t } = useTranslation('introduce');
  const { token } = theme.useToken();
  const nodes = [
    { key: 'console', icon: <DesktopOutlined /> },
    { key: 'screens', icon: <PlaySquareOutlined /> },
    { key: 'stats', icon: <BarChartOutlined /> },
  ] as const;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'stretch', justifyContent: 'center', gap: 12 }}>
      {nodes.map((node, index) => (
        <div key={node.key} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Card style={{ width: 260, height: '100%' }} styles={{ body: { padding: 20 } }}>
            <IconBadge>{node.icon}</IconBadge>
            <Typography.Title level={5}>{t(`loop.${node.key}.title`)}</Typography.Title>
            <Typography.Text type="secondary">{t(`loop.${node.key}.text`)}</Typography.Text>
          </Card>
          {index < nodes.length - 1 && <ArrowRightOutlined style={{ fontSize: 20, color: token.colorTextTertiary }} />}
        </div>
      ))}
    </div>
  );
}

/** Roles (spec §1, §3): 1 shop assistant, 2 store manager, 3 supervisor; defaults from DESIGN §4. */
export function RoleCards() {
  const { t } = useTranslation('introduce');
  const roles = [
    { key: 'assistant', icon: <UserOutlined /> },
    { key: 'manager', icon: <TeamOutlined /> },
    { key: 'supervisor', icon: <CrownOutlined /> },
  ] as const;
  return (
    <Row gutter={[20, 20]}>
      {roles.map((role) => (
        <Col key={role.key} xs={24} md={8}>
          <Card style={{ height: '100%' }} styles={{ body: { padding: 24 } }}>
            <IconBadge>{role.icon}</IconBadge>
            <Typography.Title level={5}>{t(`roles.${role.key}.title`)}</Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t(`roles.${role.key}.text`)}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
