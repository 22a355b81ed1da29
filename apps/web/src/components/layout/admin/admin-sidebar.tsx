import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { useSession } from '@/lib/session/use-session';
import { cn } from '@/lib/utils';
import { adminNavItemsFor } from './admin-nav-items';

type AdminSidebarProps = {
  open: boolean;
  onToggle: () => void;
  onItemChosen: () => void;
  ref: Ref<HTMLElement>;
};

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const AdminSidebar = ({ open, onToggle, onItemChosen, ref }: AdminSidebarProps) => {
  const { pathname } = useLocation();
  const current = withoutTrailingSlash(pathname);
  const { user } = useSession();
  const items = user ? adminNavItemsFor(user.role) : [];

  return (
    <aside
      ref={ref}
      id="admin-sidebar"
      aria-label="Admin"
      className={cn(
        'fixed inset-y-0 left-0 z-40 shrink-0 border-r bg-sidebar text-sidebar-foreground shadow-xl transition-[width] duration-300 min-[1025px]:sticky min-[1025px]:top-0 min-[1025px]:h-dvh min-[1025px]:shadow-none',
        open ? 'w-[287px]' : 'w-0 border-r-0',
      )}
    >
      <div className={cn('flex h-full w-[287px] flex-col overflow-y-auto', !open && 'invisible')}>
        <div className="flex h-16 items-center border-b px-5">
          <Logo />
        </div>
        <nav aria-label="Admin sections" className="flex flex-col gap-1 p-4">
          {items.map(({ to, label, Icon }) => {
            const active = current === to;
            return (
              <Link
                key={label}
                to={to}
                onClick={onItemChosen}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground',
                  active && 'bg-sidebar-accent text-sidebar-accent-foreground',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </Link>
            );
          })}
        </nav>
      </div>
      <button
        type="button"
        onClick={onToggle}
        aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
        aria-expanded={open}
        aria-controls="admin-sidebar"
        className="-right-3.5 absolute top-20 hidden size-7 cursor-pointer items-center justify-center rounded-full border bg-background text-muted-foreground shadow-sm transition-colors hover:text-foreground min-[1025px]:flex"
      >
        {open ? <ChevronLeftIcon className="size-4" /> : <ChevronRightIcon className="size-4" />}
      </button>
    </aside>
  );
};
