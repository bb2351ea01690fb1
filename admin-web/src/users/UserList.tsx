import { type UserView, intlLocale } from '@esign/shared';
import {
  BooleanField,
  DataTable,
  DateField,
  FunctionField,
  List,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { asLocale } from '../providers/locale';

/** `/users` (admins only): the member accounts. */
export function UserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <List sort={{ field: 'name', order: 'ASC' }}>
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="mobile" />
        <DataTable.Col source="role">
          <FunctionField<UserView> render={(user) => translate(`app.roles.${user.role}`)} />
        </DataTable.Col>
        <DataTable.Col source="isDisabled">
          <BooleanField source="isDisabled" />
        </DataTable.Col>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" locales={intlLocale(asLocale(locale))} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
