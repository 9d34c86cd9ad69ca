import { Button, Col, Row, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PasswordForm } from './PasswordForm';
import { PhoneForm } from './PhoneForm';
import { ProfileForm } from './ProfileForm';

/** /center/centerEditor: nickname and avatar, password, phone. */
export default function CenterEditorPage() {
  const { t } = useTranslation('center');
  const navigate = useNavigate();
  const info = useQuery({ queryKey: keys.account.info(), queryFn: () => call(api.account.info) });
  const phone = info.data?.userName ?? '';
  return (
    <div data-testid="center-editor-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate('/center/center')}
          aria-label={t('back')}
        />
        {t('editor.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <ProfileForm />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <PasswordForm phone={phone} />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <PhoneForm phone={phone} />
        </Col>
      </Row>
    </div>
  );
}
