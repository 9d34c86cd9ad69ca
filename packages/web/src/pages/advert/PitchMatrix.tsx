import { Button, Card, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE, PITCH_AGE_BANDS, PITCH_GENDERS } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import type { PitchRow } from './rows';

const everywhere = (p: PitchRow) => p.scope.p.length + p.scope.c.length + p.scope.a.length + p.scope.s.length === 0;

/**
 * The 15 cells of the AI pitches (genders × age bands): the enterprise-wide greeting of each, how many
 * area or shop overrides it has, and the cells still without one (a click creates it).
 */
export function PitchMatrix({ onCreate }: { onCreate?: (cell: { gender: number; ageBand: number }) => void }) {
  const { t } = useTranslation('advert');
  const body = { pageNum: 1, pageSize: MAX_PAGE_SIZE };
  const list = useQuery({
    queryKey: keys.lifecycle.list('ai-pitch', 'matrix', body),
    queryFn: () => call(api['ai-pitch'].enableList, body),
  });
  const rows = list.data?.list ?? [];
  const covered = new Set(rows.filter(everywhere).map((p) => `${p.gender}:${p.ageBand}`)).size;
  return (
    <Card
      size="small"
      title={t('pitch.matrix', { covered, total: 15 })}
      style={{ marginTop: 16 }}
      loading={list.isLoading}
      data-testid="pitch-matrix"
    >
      <div style={{ display: 'grid', gridTemplateColumns: '96px repeat(5, 1fr)', gap: 8 }}>
        <div />
        {PITCH_AGE_BANDS.map((b) => (
          <Typography.Text key={b} strong style={{ textAlign: 'center' }}>
            {t(`pitch.age.${b}`)}
          </Typography.Text>
        ))}
        {PITCH_GENDERS.map((g) => [
          <Typography.Text key={`g${g}`} strong style={{ alignSelf: 'center' }}>
            {t(`pitch.gender.${g}`)}
          </Typography.Text>,
          ...PITCH_AGE_BANDS.map((b) => {
            const cell = rows.filter((p) => p.gender === g && p.ageBand === b);
            const main = cell.filter(everywhere).sort((x, y) => y.id - x.id)[0];
            const overrides = cell.length - (main ? cell.filter(everywhere).length : 0);
            return (
              <div
                key={`${g}-${b}`}
                data-testid={`pitch-cell-${g}-${b}`}
                style={{
                  minHeight: 64,
                  padding: 8,
                  borderRadius: 8,
                  border: `1px ${main ? 'solid #d6e4ff' : 'dashed #d9d9d9'}`,
                  background: main ? '#f6f9ff' : '#fff',
                }}
              >
                {main ? (
                  <>
                    <Tooltip title={main.text}>
                      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 12 }}>
                        {main.text}
                      </Typography.Paragraph>
                    </Tooltip>
                    {overrides ? (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t('pitch.overrides', { n: overrides })}
                      </Typography.Text>
                    ) : null}
                  </>
                ) : onCreate ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    onClick={() => onCreate({ gender: g, ageBand: b })}
                    style={{ padding: 0 }}
                  >
                    {t('pitch.notSet')}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('pitch.notSet')}</Typography.Text>
                )}
              </div>
            );
          }),
        ])}
      </div>
    </Card>
  );
}
