import type { ReactNode } from 'react';

type AuthCardProps = { title: string; description?: string; children: ReactNode; footer?: ReactNode };

export const AuthCard = ({ title, description, children, footer }: AuthCardProps) => (
  <div className="w-full rounded-2xl border bg-card p-6 text-card-foreground shadow-xl shadow-sky-950/5 sm:p-8">
    <header className="mb-6 space-y-1 text-center">
      <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
      {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
    </header>
    {children}
    {footer ? <div className="mt-6 space-y-2 text-center text-muted-foreground text-sm">{footer}</div> : null}
  </div>
);
