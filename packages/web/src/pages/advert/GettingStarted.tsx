import { Steps } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

const FIRST = { pageNum: 1, pageSize: 1 };

/**
 * Until a chain has its first enabled content: upload materials → compose a content → plan it, with
 * the step it is at. Each step opens its list.
 */
export function GettingStarted({ onGo }: { onGo: (entity: 'material' | 'ad-content' | 'ad-plan') => void }) {
  const { t } = useTranslation('advert');
  const [materials, contents, plans] = useQueries({
    queries: [
      { queryKey: keys.material.list(FIRST), queryFn: () => call(api.material.list, FIRST) },
      {
        queryKey: keys.lifecycle.list('ad-content', 'enabled', FIRST),
        queryFn: () => call(api['ad-content'].enableList, FIRST),
      },
      {
        queryKey: keys.lifecycle.list('ad-plan', 'enabled', FIRST),
        queryFn: () => call(api['ad-plan'].enableList, FIRST),
      },
    ],
  });
  if (materials.isLoading || contents.isLoading || plans.isLoading) return null;
  const done = [materials.data?.total, contents.data?.total, plans.data?.total].map((n) => (n ?? 0) > 0);
  // plans are seen within one's data range: once the chain has contents, a manager without plans in
  // range is not a newcomer, and the plans list's own empty state says what to do
  if (done.every(Boolean) || done[1] || materials.isError) return null;
  const current = done.indexOf(false);
  const go = ['material', 'ad-content', 'ad-plan'] as const;
  return (
    <div
      data-testid="advert-getting-started"
      style={{
        margin: '16px 0 0',
        padding: '16px 20px',
        background: '#f6f9ff',
        border: '1px solid #d6e4ff',
        borderRadius: 8,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 12 }}>{t('steps.title')}</div>
      <Steps
        size="small"
        current={current}
        onChange={(i) => onGo(go[i])}
        items={[{ title: t('steps.material') }, { title: t('steps.content') }, { title: t('steps.plan') }]}
      />
    </div>
  );
}
