import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DirectionsWalkOutlined from '@mui/icons-material/DirectionsWalkOutlined';
import EvStationOutlined from '@mui/icons-material/EvStationOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import RouteOutlined from '@mui/icons-material/RouteOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { MenuIconName } from './menu-items';

const ICONS: Record<MenuIconName, ComponentType<SvgIconProps>> = {
  clients: ApartmentOutlined,
  dashboard: DashboardOutlined,
  users: GroupOutlined,
  customers: PeopleAltOutlined,
  bundles: Inventory2Outlined,
  tariffs: PriceChangeOutlined,
  stations: EvStationOutlined,
  invoices: ReceiptLongOutlined,
  overdue: PendingActionsOutlined,
  counters: SpeedOutlined,
  round: DirectionsWalkOutlined,
  rounds: RouteOutlined,
  payments: PaymentsOutlined,
  transactions: AccountBalanceWalletOutlined,
  cash: SavingsOutlined,
  jobs: WorkHistoryOutlined,
  services: CategoryOutlined,
  settings: SettingsOutlined,
};

export function MenuIcon({ name, ...props }: { name: MenuIconName } & SvgIconProps) {
  const Icon = ICONS[name];
  return <Icon aria-hidden {...props} />;
}
