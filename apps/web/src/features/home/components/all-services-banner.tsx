import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The banner with its ALL SERVICES button to the catalogue. */
export const AllServicesBanner = () => (
  <section className="px-4 py-16 sm:px-6">
    <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 rounded-2xl bg-linear-to-r from-sky-700 to-cyan-600 px-6 py-14 text-center text-white dark:from-sky-950 dark:to-cyan-900">
      <h2 className="max-w-2xl font-bold text-3xl tracking-tight sm:text-4xl">
        Washes, detailing and protection for every car
      </h2>
      <p className="max-w-xl text-white/85">Browse the full list, compare prices and durations, and book a slot.</p>
      <Link
        to={paths.services}
        className={cn(buttonVariants({ size: 'lg' }), 'bg-white text-sky-700 hover:bg-white/90 dark:text-sky-900')}
      >
        ALL SERVICES
        <ArrowRightIcon aria-hidden="true" />
      </Link>
    </div>
  </section>
);
