import { useState } from 'react';
import { Drawer, Empty, Segmented } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@vitrine/contract';
import { api } from '../../api/routes';
import { Screen } from '@vitrine/screen';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import type { FormValues } from '../../components/LifecycleTable';
import { useMaterialMap } from './materials';
import { screenItemsOf, type ContentLike } from './screenItems';

/** Products by id (the first page of enabled ones: what the pickers offer). */
function useProducts() {
  const body = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
  const list = useQuery({
    queryKey: keys.lifecycle.list('commodity', 'select', body),
    queryFn: () => call(api.commodity.enableList, body),
    staleTime: 30_000,
  });
  return new Map((list.data?.list ?? []).map((p) => [p.id, p]));
}

/** The screen as it will look, drawn by the player's own renderer, in either orientation. */
export function ScreenPreview({
  content,
  orientation: initial = 1,
  height = 300,
}: {
  content: ContentLike;
  orientation?: number;
  height?: number;
}) {
  const { t, i18n } = useTranslation('advert');
  const [orientation, setOrientation] = useState<0 | 1>(initial === 0 ? 0 : 1);
  const { byFile } = useMaterialMap();
  const products = useProducts();
  const items = screenItemsOf(content, byFile, products);
  const width = orientation === 1 ? (height * 16) / 9 : (height * 9) / 16;
  return (
    <div data-testid="screen-preview">
      <Segmented<0 | 1>
        data-testid="preview-orientation"
        value={orientation}
        onChange={setOrientation}
        style={{ marginBottom: 8 }}
        options={[
          { value: 1, label: t('action.landscape') },
          { value: 0, label: t('action.portrait') },
        ]}
      />
      <div
        style={{ width, height, maxWidth: '100%' }}
        data-testid={`preview-${orientation === 1 ? 'landscape' : 'portrait'}`}
      >
        {items.some((i) => i.media.length || i.products?.length) ? (
          <Screen orientation={orientation} items={items} lang={i18n.language === 'en-US' ? 'en-US' : 'zh-CN'} />
        ) : (
          <Empty description={t('preview.empty')} />
        )}
      </div>
    </div>
  );
}

/** The form's live preview, beside what is being composed. */
export function FormPreview({ values }: { values: FormValues }) {
  return <ScreenPreview content={values} orientation={Number(values.orientation ?? 1)} height={220} />;
}

/** A saved content opened on the screen renderer. */
export function ContentPreview({
  content,
  onClose,
}: {
  content: (ContentLike & { name: string; orientation: number }) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('advert');
  return (
    <Drawer
      open={!!content}
      onClose={onClose}
      size={760}
      title={t('preview.title', { name: content?.name ?? '' })}
      destroyOnHidden
    >
      {content ? <ScreenPreview content={content} orientation={content.orientation} height={380} /> : null}
    </Drawer>
  );
}
