import { Drawer } from 'antd';
import type { MenuItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { SideMenu } from './SideMenu';

/** The side menu in a drawer, on a phone (Header.tsx fetches it the first time the menu button is pressed). */
export default function MenuDrawerPanel({
  items,
  open,
  onClose,
}: {
  items: MenuItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <Drawer
      open={open}
      placement="left"
      width={248}
      onClose={onClose}
      title={t('side.label')}
      className="vt-menu-drawer"
      destroyOnHidden
    >
      <SideMenu items={items} />
    </Drawer>
  );
}
