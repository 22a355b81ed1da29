import { Outlet } from 'react-router';
import { cn } from '@/lib/utils';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopbar } from './admin-topbar';
import { useAdminSidebar } from './use-admin-sidebar';

/**
 * SPEC section 2, admin shell: collapsible sidebar (287 px open, 0 closed), top bar and the page. Below 1025 px the
 * open sidebar lies over the page, which a backdrop dims; a press on it closes the sidebar and reaches nothing
 * behind (it stays in place, faded and letting presses through, while closed).
 */
export const AdminLayout = () => {
  const { open, toggle, onItemChosen, sidebarRef, menuButtonRef } = useAdminSidebar();
  return (
    <div className="flex min-h-dvh bg-muted/30">
      <AdminSidebar ref={sidebarRef} open={open} onToggle={toggle} onItemChosen={onItemChosen} />
      <div
        aria-hidden="true"
        data-testid="admin-sidebar-backdrop"
        className={cn(
          'fixed inset-0 z-[35] bg-black/50 transition-[opacity,visibility] duration-300 min-[1025px]:hidden',
          open ? 'opacity-100' : 'pointer-events-none invisible opacity-0',
        )}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopbar sidebarOpen={open} onMenu={toggle} menuButtonRef={menuButtonRef} />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
};
