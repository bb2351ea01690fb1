import { USER_STATUS_FILTERS, type UserView } from '@esign/shared';
import { type Theme, useMediaQuery } from '@mui/material';
import {
  CreateButton,
  DataTable,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  SimpleListClasses,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { ListSearchInput } from '../lists/ListSearchInput';
import { UserAvatar } from './UserAvatar';
import { UserStatusField } from './UserStatusField';

function UserListActions() {
  return (
    <TopToolbar>
      <CreateButton label="app.users.new_member" />
    </TopToolbar>
  );
}

/** `/users` (admins only): the member accounts, searchable by name, e-mail or company. */
export function UserList() {
  const translate = useTranslate();
  const filters = [
    <ListSearchInput key="q" source="q" alwaysOn placeholder={translate('app.users.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="app.users.status.label"
      alwaysOn
      choices={USER_STATUS_FILTERS.map((status) => ({ id: status, name: `app.users.status.${status}` }))}
    />,
  ];
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List sort={{ field: 'name', order: 'ASC' }} filters={filters} actions={<UserListActions />}>
      {phone ? (
        // On a phone: one line an account, nothing wider than the screen.
        <SimpleList<UserView>
          rowClick="edit"
          leftAvatar={() => <UserAvatar />}
          primaryText={(user) => user.name}
          secondaryText={(user) =>
            [user.email, user.additionalInfo.company?.name].filter(Boolean).join(' · ')
          }
          tertiaryText={() => <UserStatusField />}
          // react-admin greys the tertiary text out; on the status chip that left white on pale green.
          sx={{ [`& .${SimpleListClasses.tertiary}`]: { opacity: 1 } }}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col label="app.users.avatar" disableSort>
            <UserAvatar />
          </DataTable.Col>
          <DataTable.Col source="name" />
          <DataTable.Col source="email" />
          <DataTable.Col source="additionalInfo.company.name" disableSort>
            <FunctionField<UserView> render={(user) => user.additionalInfo.company?.name ?? ''} />
          </DataTable.Col>
          <DataTable.Col source="isDisabled" label="app.users.status.label">
            <UserStatusField />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}
