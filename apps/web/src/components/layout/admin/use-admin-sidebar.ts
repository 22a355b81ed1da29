import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_CLOSE_ON_NAVIGATE_QUERY, ADMIN_CLOSE_ON_OUTSIDE_QUERY } from '@/lib/breakpoints';

const matches = (query: string) => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

const isInside = (ref: RefObject<HTMLElement | null>, target: EventTarget | null) =>
  target instanceof Node && Boolean(ref.current?.contains(target));

/**
 * SPEC section 4, admin sidebar: open by default; toggled by the chevron or the menu button; closes after a
 * choice at 767 px or less, and on a mouse press outside it (and outside the menu button) below 1025 px. There it
 * lies over the page like a drawer, so Escape closes it too and hands the focus back to the menu button.
 */
export const useAdminSidebar = () => {
  const [open, setOpen] = useState(true);
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onMouseDown = (event: MouseEvent) => {
      if (!matches(ADMIN_CLOSE_ON_OUTSIDE_QUERY)) return;
      if (isInside(sidebarRef, event.target) || isInside(menuButtonRef, event.target)) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !matches(ADMIN_CLOSE_ON_OUTSIDE_QUERY)) return;
      setOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = useCallback(() => setOpen((current) => !current), []);
  const onItemChosen = useCallback(() => {
    if (matches(ADMIN_CLOSE_ON_NAVIGATE_QUERY)) setOpen(false);
  }, []);

  return { open, toggle, onItemChosen, sidebarRef, menuButtonRef };
};
