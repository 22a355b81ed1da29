import { CarFrontIcon } from 'lucide-react';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

const BRAND_NAME = 'CarCare';

type LogoProps = { className?: string };

/** The brand mark; always a link home, a plain one as between all public pages (decision 049). */
export const Logo = ({ className }: LogoProps) => (
  <a
    href={paths.home}
    aria-label={`${BRAND_NAME} home`}
    className={cn('inline-flex items-center gap-2 font-bold text-xl tracking-tight', className)}
  >
    <span className="flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-sky-600 to-cyan-400 text-white shadow-md shadow-cyan-500/20">
      <CarFrontIcon className="size-5" aria-hidden="true" />
    </span>
    <span>
      Car<span className="text-primary">Care</span>
    </span>
  </a>
);
