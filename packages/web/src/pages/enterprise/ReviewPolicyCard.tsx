import { App, Card, Switch, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REVIEW_POLICY, type CompanyInfo } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { useErrorToast } from '../../components/ErrorToast';

/**
 * The enterprise's review policy (DESIGN §5): off, an author who may examine approves their own
 * submission when nobody else can; on, a second person must. The server refuses switching it on
 * while one member alone can review, and says where to add another (a button to the page).
 */
export function ReviewPolicyCard({ info }: { info: CompanyInfo }) {
  const { t } = useTranslation('enterprise');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const onError = useErrorToast();
  const on = info.reviewPolicy === REVIEW_POLICY.secondPerson;
  const save = useMutation({
    mutationFn: (next: boolean) =>
      call(api.company.update, { reviewPolicy: next ? REVIEW_POLICY.secondPerson : REVIEW_POLICY.selfWhenAlone }),
    onSuccess: (company) => {
      qc.setQueryData(keys.company.info(), company);
      void message.success(t('review.saved'));
    },
    onError,
  });
  return (
    <Card title={t('review.title')} data-testid="ent-review-policy">
      <label style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12 }}>
        <Switch
          checked={on}
          loading={save.isPending}
          onChange={(next) => save.mutate(next)}
          data-testid="ent-review-second"
        />
        <Typography.Text strong>{t('review.second')}</Typography.Text>
      </label>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="ent-review-help">
        {t(on ? 'review.onHelp' : 'review.offHelp')}
      </Typography.Paragraph>
    </Card>
  );
}
