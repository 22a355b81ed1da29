import { ArrowRightIcon, SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** The hero banner with its Book Now link to /services. */
export const HomeHero = () => (
  <section className="relative isolate overflow-hidden bg-linear-to-br from-sky-700 via-sky-600 to-cyan-500 text-white dark:from-sky-950 dark:via-sky-900 dark:to-cyan-900">
    <div aria-hidden="true" className="-z-10 absolute inset-0 opacity-30">
      <div className="-top-24 absolute right-0 size-[28rem] rounded-full bg-cyan-300 blur-3xl" />
      <div className="-bottom-32 -left-16 absolute size-96 rounded-full bg-sky-400 blur-3xl" />
    </div>
    <div className="mx-auto flex min-h-[70vh] max-w-7xl flex-col items-start justify-center gap-6 px-4 py-24 sm:px-6">
      <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 font-medium text-sm ring-1 ring-white/25">
        <SparklesIcon className="size-4" aria-hidden="true" />
        Professional car care, booked online
      </p>
      <h1 className="max-w-3xl font-extrabold text-4xl tracking-tight sm:text-5xl lg:text-6xl">
        Give your car the shine it deserves
      </h1>
      <Link
        to={paths.services}
        className={cn(buttonVariants({ size: 'lg' }), 'bg-white text-sky-700 hover:bg-white/90 dark:text-sky-900')}
      >
        Book Now
        <ArrowRightIcon aria-hidden="true" />
      </Link>
    </div>
  </section>
);
