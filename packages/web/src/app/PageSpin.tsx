import { useTranslation } from 'react-i18next';

/**
 * The spinner shown while a lazy page loads or the main area reloads: CSS only (global.css), as it
 * is the fallback of every route, /index included, which loads no antd (decisions/0119).
 */
export function PageSpin({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={full ? 'vt-spin vt-spin-full' : 'vt-spin'} role="status" aria-label={t('loading')}>
      <span className="vt-spin-dot" aria-hidden="true" />
    </div>
  );
}
