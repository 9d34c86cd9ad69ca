import type { ComponentType } from 'react';
import {
  AppstoreOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  BellOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FundOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SoundOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';

// A fixed set of icon names the server menu may use; importing the whole kit would weigh megabytes.
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  BellOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileTextOutlined,
  FundOutlined,
  GiftOutlined,
  HomeOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SoundOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
};

/** Icon by name, or by the entry's path for the default entries, else a neutral one. */
const BY_PATH: Record<string, ComponentType> = {
  '/home': HomeOutlined,
  '/store': ShopOutlined,
  '/count': BarChartOutlined,
  '/data': BarChartOutlined,
  '/advert': PictureOutlined,
  '/inform': NotificationOutlined,
  '/incentives': TrophyOutlined,
  '/news': MessageOutlined,
  '/center': UserOutlined,
  '/enterprise': ApartmentOutlined,
};

export function MenuIcon({ name, path }: { name?: string; path?: string }) {
  const Icon = (name && ICONS[name]) || (path && BY_PATH[path]) || AppstoreOutlined;
  return <Icon />;
}
