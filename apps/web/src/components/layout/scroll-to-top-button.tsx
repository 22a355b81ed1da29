import { ArrowUpIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { scrollToTop } from '@/lib/smooth-scroll';
import { cn } from '@/lib/utils';

const SHOW_AFTER_PX = 300;

/** Appears once the page is scrolled down; shakes 1 s in every 3 s (CSS) and glides to the top in 600 ms. */
export const ScrollToTopButton = () => {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <Button
      size="icon"
      aria-label="Scroll to top"
      onClick={() => scrollToTop()}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      className={cn(
        'fixed right-5 bottom-5 z-40 size-12 rounded-full bg-linear-to-br from-sky-600 to-cyan-500 shadow-cyan-500/30 shadow-lg transition-all duration-300',
        visible ? 'translate-y-0 animate-shake-every-3s opacity-100' : 'pointer-events-none translate-y-4 opacity-0',
      )}
    >
      <ArrowUpIcon className="size-5" />
    </Button>
  );
};
