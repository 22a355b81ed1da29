import { SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

type NotFoundViewProps = { className?: string };

/** SPEC section 2: the unknown-route page, also shown by user management when its list is empty. */
export const NotFoundView = ({ className }: NotFoundViewProps) => (
  <section className={cn('flex flex-col items-center justify-center gap-4 px-4 py-24 text-center', className)}>
    <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
      <SearchXIcon className="size-8" aria-hidden="true" />
    </span>
    <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">Oops, page not found!</h1>
    <p className="max-w-md text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
    <Link to={paths.home} className={cn(buttonVariants({ size: 'lg' }), 'mt-2')}>
      Go to Homepage
    </Link>
  </section>
);
