import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A pass its author gave their own submission (lifecycle/policy.ts): marked in the entry's `after`. */
export function isSelfApproved(verb: string, summary: unknown): boolean {
  if (verb !== 'pass' || typeof summary !== 'object' || summary === null) return false;
  const after = (summary as { after?: unknown }).after;
  return typeof after === 'object' && after !== null && (after as { selfApproved?: unknown }).selfApproved === true;
}

/** An entry's verb in the spec's words; a self-approved pass says so, so a reader sees nobody else looked. */
export function VerbTag({ verb, summary }: { verb: string; summary: unknown }) {
  const { t } = useTranslation('oplog');
  if (isSelfApproved(verb, summary))
    return (
      <Tag color="gold" data-testid="oplog-self-approved">
        {t('verb.selfApproved')}
      </Tag>
    );
  return <Tag>{t(`oplog:verb.${verb}`, { defaultValue: verb })}</Tag>;
}
