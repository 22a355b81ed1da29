import { CarFrontIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

const BRAND_NAME = 'CarCare';

type LogoProps = { className?: string };

/** The brand mark; always a link home. */
export const Logo = ({ className }: LogoProps) => (
  <Link
    to={paths.home}
    aria-label={`${BRAND_NAME} home`}
    className={cn('inline-flex items-center gap-2 font-bold text-xl tracking-tight', className)}
  >
    <span className="flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-sky-600 to-cyan-400 text-white shadow-md shadow-cyan-500/20">
      <CarFrontIcon className="size-5" aria-hidden="true" />
    </span>
    <span>
      Car<span className="text-primary">Care</span>
    </span>
  </Link>
);
