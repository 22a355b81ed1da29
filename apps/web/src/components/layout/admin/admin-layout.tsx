import { Outlet } from 'react-router';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopbar } from './admin-topbar';
import { useAdminSidebar } from './use-admin-sidebar';

/** SPEC section 2, admin shell: collapsible sidebar (287 px open, 0 closed), top bar and the page. */
export const AdminLayout = () => {
  const { open, toggle, onItemChosen, sidebarRef, menuButtonRef } = useAdminSidebar();
  return (
    <div className="flex min-h-dvh bg-muted/30">
      <AdminSidebar ref={sidebarRef} open={open} onToggle={toggle} onItemChosen={onItemChosen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopbar sidebarOpen={open} onMenu={toggle} menuButtonRef={menuButtonRef} />
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
};
