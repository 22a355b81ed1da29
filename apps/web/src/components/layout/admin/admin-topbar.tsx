import { MenuIcon } from 'lucide-react';
import type { Ref } from 'react';
import { ThemeSelect } from '@/components/theme/theme-select';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session/use-session';
import { AdminUserMenu } from './admin-user-menu';

type AdminTopbarProps = { sidebarOpen: boolean; onMenu: () => void; menuButtonRef: Ref<HTMLButtonElement> };

export const AdminTopbar = ({ sidebarOpen, onMenu, menuButtonRef }: AdminTopbarProps) => {
  const { user } = useSession();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b bg-background/80 px-4 backdrop-blur sm:px-6">
      <Button
        ref={menuButtonRef}
        variant="ghost"
        size="icon"
        onClick={onMenu}
        aria-label={sidebarOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={sidebarOpen}
        aria-controls="admin-sidebar"
        className="min-[1025px]:hidden"
      >
        <MenuIcon className="size-5" />
      </Button>
      <div className="ml-auto flex items-center gap-3">
        <ThemeSelect />
        {user ? <AdminUserMenu user={user} /> : null}
      </div>
    </header>
  );
};
