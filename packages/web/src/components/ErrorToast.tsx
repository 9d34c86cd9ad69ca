import { useCallback } from 'react';
import { App, Button } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { appStore } from '../state/app';

/** Enterprise management is the main admin's; everyone else reads the message (it says whom to ask). */
const canOpen = (page: string) => !page.startsWith('/enterprise') || appStore.get().mainFlag === 1;

/**
 * Shows a refusal the client has not already shown (the spec §8 catalogue handles its own). A
 * refusal that names the page fixing it (`ApiError.fix`) gets a button to that page, for whoever may
 * open it, and stays long enough to be clicked.
 */
export function useErrorToast(): (err: unknown) => void {
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.handled) return;
      const text = err instanceof Error ? err.message : String(err);
      const fix = err instanceof ApiError ? err.fix : undefined;
      if (!fix || !canOpen(fix)) {
        void message.error(text);
        return;
      }
      const key = `fix:${fix}`;
      void message.error({
        key,
        duration: 10,
        content: (
          <span data-testid="error-fix-toast">
            {text}
            <Button
              type="link"
              size="small"
              data-testid="error-fix"
              onClick={() => {
                message.destroy(key);
                void navigate(fix);
              }}
            >
              {t('error.fix')}
            </Button>
          </span>
        ),
      });
    },
    [message, navigate, t],
  );
}
