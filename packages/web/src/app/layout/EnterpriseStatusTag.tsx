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

/** The enterprise logo, or its initial on a coloured disc. */
export function EnterpriseAvatar({ title, logo, size = 32 }: { title?: string; logo?: string; size?: number }) {
  const initial = (title ?? '').trim().charAt(0).toUpperCase() || 'V';
  if (logo) return <img src={logo} alt="" width={size} height={size} style={{ borderRadius: 8, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: 8,
        background: '#2f5bea',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 600,
        fontSize: size * 0.45,
        flex: 'none',
      }}
    >
      {initial}
    </span>
  );
}
