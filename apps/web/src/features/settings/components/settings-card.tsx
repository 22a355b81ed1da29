import type { ReactNode } from 'react';

type SettingsCardProps = { id: string; title: string; description: string; children: ReactNode };

/** One part of the Settings screen, named by its heading. */
export const SettingsCard = ({ id, title, description, children }: SettingsCardProps) => (
  <section
    aria-labelledby={id}
    className="min-w-0 rounded-2xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
  >
    <header className="mb-4 space-y-1">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm">{description}</p>
    </header>
    {children}
  </section>
);
