import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

/** message/check for some ids or all; the list and the header badge refresh afterwards. */
export function useMarkRead(onError: (err: unknown) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (target: { ids: number[] } | 'all') =>
      call(api.message.check, target === 'all' ? { all: 1 } : { ids: target.ids }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.message.all }),
    onError,
  });
}
