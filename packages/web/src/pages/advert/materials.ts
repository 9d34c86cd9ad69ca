import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

export type MaterialRow = ResultOf<typeof api.material.list>['list'][number];
export type MaterialType = 'image' | 'video' | 'audio';

/** The kind of media a material is, from its MIME type. */
export const mediaOf = (mime: string): MaterialType =>
  mime.startsWith('video/') ? 'video' : mime.startsWith('audio/') ? 'audio' : 'image';

/** A first page of the library of one type, by file id: what the pickers and previews show. */
export function useMaterialMap(type?: MaterialType) {
  const list = useQuery({
    queryKey: keys.material.list({ type, pageSize: MAX_PAGE_SIZE }),
    queryFn: () => call(api.material.list, { type, pageNum: 1, pageSize: MAX_PAGE_SIZE }),
    staleTime: 30_000,
  });
  return {
    rows: list.data?.list ?? [],
    byFile: new Map((list.data?.list ?? []).map((m) => [m.fileId, m])),
    loading: list.isLoading,
  };
}

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
export const formatSeconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : `${s}s`;
};
