import { Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';

/** Centred card on a soft brand backdrop, with the logo leading home. */
export const AuthLayout = () => (
  <div className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-linear-to-br from-sky-50 via-background to-cyan-50 px-4 py-10 dark:from-sky-950/40 dark:via-background dark:to-cyan-950/30">
    <div
      aria-hidden="true"
      className="-top-32 -right-32 pointer-events-none absolute size-96 rounded-full bg-cyan-400/20 blur-3xl"
    />
    <div
      aria-hidden="true"
      className="-bottom-32 -left-32 pointer-events-none absolute size-96 rounded-full bg-sky-500/20 blur-3xl"
    />
    <main className="relative w-full max-w-lg">
      <div className="mb-6 flex justify-center">
        <Logo />
      </div>
      <Outlet />
    </main>
  </div>
);
