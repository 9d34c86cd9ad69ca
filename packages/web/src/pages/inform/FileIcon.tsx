import {
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FileZipOutlined,
  Html5Outlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** The spec's file icon kinds (§3): 1 excel, 2 html, 3 video, 4 none, 5 picture, 6 zip, 7 ppt, 8 word, 9 music, 10 pdf — by the file-type code. */
const ICONS = {
  1: FileExcelOutlined,
  2: Html5Outlined,
  3: VideoCameraOutlined,
  4: FileOutlined,
  5: FileImageOutlined,
  6: FileZipOutlined,
  7: FilePptOutlined,
  8: FileWordOutlined,
  9: CustomerServiceOutlined,
  10: FilePdfOutlined,
} as const;
const COLORS: Record<number, string> = {
  1: '#1d6f42',
  2: '#e34c26',
  3: '#6b4fbb',
  5: '#0b7a75',
  6: '#8c6d1f',
  7: '#c43e1c',
  8: '#2b579a',
  9: '#9c27b0',
  10: '#b30b00',
};

export function FileIcon({ type }: { type: number }) {
  const Icon = ICONS[type as keyof typeof ICONS] ?? FileOutlined;
  return <Icon aria-hidden style={{ color: COLORS[type] ?? '#595959', fontSize: 18 }} data-file-type={type} />;
}

export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
