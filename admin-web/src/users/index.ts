import PeopleIcon from '@mui/icons-material/People';
import { UserList } from './UserList';

export const users = {
  name: 'users',
  list: UserList,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
