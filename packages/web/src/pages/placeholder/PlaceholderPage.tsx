import { Button } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import type { AreaKey } from './areas';

/** A route whose domain is not built yet: its name and a friendly note, never fake data. */
export default function PlaceholderPage({ area }: { area: AreaKey }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <EmptyState
      testId={`placeholder-${area}`}
      icon={<RocketOutlined />}
      title={t(`area.${area}.name`)}
      description={
        <>
          {t(`area.${area}.blurb`)}
          <br />
          {t('placeholder.comingSoon')}
        </>
      }
      actions={<Button onClick={() => void navigate('/home')}>{t('placeholder.backHome')}</Button>}
    />
  );
}
