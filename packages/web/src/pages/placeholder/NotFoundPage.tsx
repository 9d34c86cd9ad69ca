import { Button } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

export default function NotFoundPage() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <EmptyState
      testId="not-found"
      icon={<CompassOutlined />}
      title={t('notFound.title')}
      description={t('notFound.text')}
      actions={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {t('placeholder.backHome')}
        </Button>
      }
    />
  );
}
