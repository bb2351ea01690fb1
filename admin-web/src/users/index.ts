import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './UserCreate';
import { ProfilePage } from '../profile/ProfilePage';
import { UserList } from './UserList';

export const users = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  edit: ProfilePage,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
