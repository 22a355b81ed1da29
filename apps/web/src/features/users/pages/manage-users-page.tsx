import { DEFAULT_PAGE_SIZE } from '@carcare/contracts/pagination-constants';
import { SEARCH_DEBOUNCE_MS } from '@carcare/contracts/services-constants';
import { USER_MESSAGES } from '@carcare/contracts/users-constants';
import { useState } from 'react';
import { NotFoundView } from '@/components/errors/not-found-view';
import { LoadingScreen } from '@/components/feedback/loading-screen';
import { PageHeading } from '@/components/feedback/page-heading';
import { PageButtons } from '@/components/lists/page-buttons';
import { PageSizeSelect } from '@/components/lists/page-size-select';
import { useSession } from '@/lib/session/use-session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useGetUsersQuery } from '../api/get-users';
import { RoleChangesList } from '../components/role-changes-list';
import { UserCard } from '../components/user-card';
import { UserSearch } from '../components/user-search';
import { useChangeRole } from '../hooks/use-change-role';

/**
 * SPEC section 3, User Management: the server puts the admin's own record first on page 1 without a search. Under
 * the users, the audit trail of role changes.
 */
export const ManageUsersPage = () => {
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const searchTerm = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading, isFetching, isError } = useGetUsersQuery({ searchTerm, page, limit });
  const { changeRole } = useChangeRole();

  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <PageHeading title="User Management" description="Search users and change their role" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <UserSearch value={search} onChange={onSearch} />
        <PageSizeSelect
          value={limit}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
      </div>
      {isLoading ? <LoadingScreen /> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {USER_MESSAGES.listFailed}
        </p>
      ) : null}
      {data && data.users.length === 0 ? <NotFoundView className="py-12" /> : null}
      {data && data.users.length > 0 ? (
        <ul aria-label="Users" aria-busy={isFetching} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.users.map((user) => (
            <UserCard key={user._id} user={user} isSelf={user._id === me?._id} onRoleChange={changeRole} />
          ))}
        </ul>
      ) : null}
      {data ? <PageButtons page={page} totalDoc={data.totalDoc} limit={limit} onChange={setPage} /> : null}
      <RoleChangesList />
    </div>
  );
};
