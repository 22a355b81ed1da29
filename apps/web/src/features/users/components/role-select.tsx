import { ROLES } from '@carcare/contracts/session-constants';
import type { Role } from '@carcare/contracts/users';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { ROLE_LABELS } from '../role-abilities';

type RoleSelectProps = { userName: string; role: Role; disabled: boolean; onChange: (role: Role) => void };

const isRole = (value: string): value is Role => ROLES.some((role) => role === value);

export const RoleSelect = ({ userName, role, disabled, onChange }: RoleSelectProps) => (
  <Select
    value={role}
    disabled={disabled}
    onValueChange={(value) => isRole(value) && value !== role && onChange(value)}
  >
    <SelectTrigger aria-label={`Role of ${userName}`} className="w-28">
      <SelectValue />
    </SelectTrigger>
    <SelectContent>
      {ROLES.map((option) => (
        <SelectItem key={option} value={option}>
          {ROLE_LABELS[option]}
        </SelectItem>
      ))}
    </SelectContent>
  </Select>
);
