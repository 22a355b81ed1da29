import type { Role } from '@carcare/contracts/users';

export const ADMIN_DASHBOARD_PATH = '/dashboard/admin';
export const USER_DASHBOARD_PATH = '/dashboard/user';

export const dashboardPathFor = (role: Role) => (role === 'admin' ? ADMIN_DASHBOARD_PATH : USER_DASHBOARD_PATH);
