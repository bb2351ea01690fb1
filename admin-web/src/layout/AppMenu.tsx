import DashboardIcon from '@mui/icons-material/Dashboard';
import OutboxIcon from '@mui/icons-material/Outbox';
import { Menu, useCanAccess } from 'react-admin';

/** Dashboard for everyone; each resource item shows only when `canAccess` allows it. */
export function AppMenu() {
  const { canAccess: canSeeOutbox } = useCanAccess({ resource: 'dev-outbox', action: 'list' });
  return (
    <Menu>
      <Menu.Item to="/dashboard" primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
      <Menu.ResourceItem name="users" />
      <Menu.ResourceItem name="signatures" />
      {canSeeOutbox && (
        <Menu.Item to="/dev/outbox" primaryText="app.menu.dev_outbox" leftIcon={<OutboxIcon />} />
      )}
    </Menu>
  );
}
