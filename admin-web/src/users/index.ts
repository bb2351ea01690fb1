import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../lazyPage';

const UserList = lazyPage(() => import('./UserList').then((m) => m.UserList));
const UserCreate = lazyPage(() => import('./UserCreate').then((m) => m.UserCreate));

/**
 * Members' accounts (administrators): each page fetched when first shown. An account is edited on its
 * profile page, another resource's: the back office (BackOffice.tsx) puts the two together.
 */
export const users = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
