import { type AgencyRole, type AgencyView, type StaffInput, type StaffMemberView } from '@esign/shared';
import { httpClient } from '../providers/httpClient';

const API_URL = '/api';

async function json<T>(url: string, options?: Parameters<typeof httpClient>[1]): Promise<T> {
  return (await httpClient(url, options)).json as T;
}

const staffPath = (id: string, suffix = '') => `${API_URL}/agency/staff/${encodeURIComponent(id)}${suffix}`;

/** The agency's calls, added to the data provider beside the domain verbs. */
export interface TeamDataProvider {
  /** `GET /api/agency`: the caller's agency and their role in it. */
  getAgency(): Promise<AgencyView>;
  /** `GET /api/agency/staff` (managers): the agency's people. */
  getStaff(): Promise<StaffMemberView[]>;
  /** `POST /api/agency/staff` (managers): the person receives the welcome e-mail. */
  inviteStaff(input: StaffInput): Promise<StaffMemberView>;
  /** `POST /api/agency/staff/{id}` (managers): a new role. */
  setStaffRole(id: string, role: AgencyRole): Promise<StaffMemberView>;
  /** `POST|DELETE /api/agency/staff/{id}/access` (managers): gives back or removes a person's access. */
  setStaffAccess(id: string, enabled: boolean): Promise<StaffMemberView>;
  /** `DELETE /api/agency/staff/{id}` (managers): a deactivated person who created no request. */
  deleteStaff(id: string): Promise<void>;
}

export const teamApi: TeamDataProvider = {
  getAgency: () => json(`${API_URL}/agency`),
  getStaff: () => json(`${API_URL}/agency/staff`),
  inviteStaff: (input) => json(`${API_URL}/agency/staff`, { method: 'POST', body: JSON.stringify(input) }),
  setStaffRole: (id, role) => json(staffPath(id), { method: 'POST', body: JSON.stringify({ role }) }),
  setStaffAccess: (id, enabled) => json(staffPath(id, '/access'), { method: enabled ? 'POST' : 'DELETE' }),
  deleteStaff: async (id) => {
    await httpClient(staffPath(id), { method: 'DELETE' });
  },
};
