import DashboardIcon from '@mui/icons-material/Dashboard';
import EuroIcon from '@mui/icons-material/Euro';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import GroupsIcon from '@mui/icons-material/Groups';
import OutboxIcon from '@mui/icons-material/Outbox';
import { Menu, useCanAccess } from 'react-admin';

/** Dashboard and costs for everyone; each other item shows only when `canAccess` allows it. */
export function AppMenu() {
  const { canAccess: canSeeOutbox } = useCanAccess({ resource: 'dev-outbox', action: 'list' });
  const { canAccess: canSetPrices } = useCanAccess({ resource: 'prices', action: 'list' });
  const { canAccess: canManageTeam } = useCanAccess({ resource: 'team', action: 'list' });
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="signatures" />
      {canManageTeam && <Menu.Item to="/team" primaryText="app.menu.team" leftIcon={<GroupsIcon />} />}
      <Menu.Item to="/billing" primaryText="app.menu.costs" leftIcon={<EuroIcon />} />
      {canSetPrices && (
        <Menu.Item to="/billing/prices" primaryText="app.menu.prices" leftIcon={<PriceChangeIcon />} />
      )}
      {canSeeOutbox && (
        <Menu.Item to="/dev/outbox" primaryText="app.menu.dev_outbox" leftIcon={<OutboxIcon />} />
      )}
    </Menu>
  );
}
