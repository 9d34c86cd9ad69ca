import { useState } from 'react';
import { Card, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuCatalogue } from './MenuCatalogue';
import { RoleMenus } from './RoleMenus';

export function PermissionTab() {
  const { t } = useTranslation('enterprise');
  const [view, setView] = useState<'roles' | 'catalogue'>('roles');
  return (
    <Card data-testid="ent-permissions">
      <Segmented
        style={{ marginBottom: 16 }}
        value={view}
        onChange={(v) => setView(v === 'catalogue' ? 'catalogue' : 'roles')}
        options={[
          { value: 'roles', label: t('perm.byJob') },
          { value: 'catalogue', label: t('perm.catalogue') },
        ]}
      />
      {view === 'roles' ? <RoleMenus /> : <MenuCatalogue />}
    </Card>
  );
}
