import PeopleIcon from '@mui/icons-material/People';
import { lazyPage } from '../lazyPage';

const UserList = lazyPage(() => import('./UserList').then((m) => m.UserList));
const UserCreate = lazyPage(() => import('./UserCreate').then((m) => m.UserCreate));
const ProfilePage = lazyPage(() => import('../profile/ProfilePage').then((m) => m.ProfilePage));

/** Members' accounts (administrators): each page fetched when first shown. */
export const users = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  edit: ProfilePage,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
