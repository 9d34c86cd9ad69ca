import { Tag } from 'antd';
import { ENTERPRISE_STATUS } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';

export function EnterpriseStatusTag({ status, hideApproved = false }: { status?: number; hideApproved?: boolean }) {
  const { t } = useTranslation('common');
  if (status === ENTERPRISE_STATUS.review) return <Tag color="orange">{t('enterpriseStatus.review')}</Tag>;
  if (status === ENTERPRISE_STATUS.rejected) return <Tag color="red">{t('enterpriseStatus.rejected')}</Tag>;
  if (status === ENTERPRISE_STATUS.approved && !hideApproved)
    return <Tag color="green">{t('enterpriseStatus.approved')}</Tag>;
  return null;
}

export { EnterpriseAvatar } from '../EnterpriseAvatar';
