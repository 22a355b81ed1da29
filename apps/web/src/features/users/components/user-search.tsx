import { USER_SEARCH_PLACEHOLDER } from '@carcare/contracts/users-constants';
import { SearchIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';

type UserSearchProps = { value: string; onChange: (value: string) => void };

export const UserSearch = ({ value, onChange }: UserSearchProps) => (
  <div className="relative w-full sm:max-w-sm">
    <SearchIcon
      className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
      aria-hidden="true"
    />
    <Input
      type="search"
      aria-label="Search users"
      placeholder={USER_SEARCH_PLACEHOLDER}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="pl-9"
    />
  </div>
);
