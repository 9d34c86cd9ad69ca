import type { ReactNode } from 'react';
import { Card, Col, Row, Typography, theme } from 'antd';
import {
  BarChartOutlined, NotificationOutlined, PlaySquareOutlined, ShopOutlined, TeamOutlined, TrophyOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

type Feature = { key: string; icon: ReactNode };

/** The product's areas (spec §1), each a card on the landing page. Texts live in public.json. */
export const FEATURES: readonly Feature[] = [
  { key: 'ads', icon: <PlaySquareOutlined /> },
  { key: 'inform', icon: <NotificationOutlined /> },
  { key: 'incentives', icon: <TrophyOutlined /> },
  { key: 'stores', icon: <ShopOutlined /> },
  { key: 'staff', icon: <TeamOutlined /> },
  { key: 'visitors', icon: <BarChartOutlined /> },
];

export function FeatureCards() {
  const { t } = useTranslation('public');
  const { token } = theme.useToken();
  return (
    <Row gutter={[20, 20]}>
      {FEATURES.map((feature) => (
        <Col key={feature.key} xs={24} sm={12} lg={8}>
          <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: 24 } }}>
            <div
              style={{
                width: 44, height: 44, borderRadius: 10, display: 'flex', alignItems: 'center', justifyContent: 'center',
                fontSize: 22, color: token.colorPrimary, background: token.colorPrimaryBg, marginBottom: 16,
              }}
            >
              {feature.icon}
            </div>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {t(`features.${feature.key}.title`)}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t(`features.${feature.key}.text`)}
            </Typography.Paragraph>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** console → screens → statistics, in three steps (DESIGN §1). */
export function LoopSteps() {
  const { t } = useTranslation('public');
  const { token } = theme.useToken();
  return (
    <Row gutter={[20, 20]}>
      {(['plan', 'play', 'measure'] as const).map((step, index) => (
        <Col key={step} xs={24} md={8}>
          <div style={{ display: 'flex', gap: 16 }}>
            <div
              style={{
                flex: 'none', width: 36, height: 36, borderRadius: '50%', background: token.colorPrimary, color: '#fff',
                display: 'flex', alignItems: 'center', justifyContent: 'center', fontWeight: 600,
              }}
            >
              {index + 1}
            </div>
            <div>
              <Typography.Title level={5} style={{ marginTop: 4 }}>
                {t(`loop.${step}.title`)}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{t(`loop.${step}.text`)}</Typography.Paragraph>
            </div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
