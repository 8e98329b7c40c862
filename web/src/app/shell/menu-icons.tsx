import {
  AlertOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DesktopOutlined,
  LayoutOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MonitorOutlined,
  PictureOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SoundOutlined,
  StarOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by their @ant-design/icons name, as the server sends them. A fixed list (not
 * `import * as Icons`) keeps the ~800 unused icons out of the bundle; unknown names get a neutral icon.
 */
const ICONS: Record<string, ComponentType> = {
  AlertOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DesktopOutlined,
  LayoutOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MonitorOutlined,
  PictureOutlined,
  PieChartOutlined,
  PrinterOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  SoundOutlined,
  StarOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WechatOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  if (!name) return null;
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
