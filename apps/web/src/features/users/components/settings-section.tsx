import type { ReactNode } from 'react';

type SettingsSectionProps = { id: string; title: string; description: string; children: ReactNode };

export const SettingsSection = ({ id, title, description, children }: SettingsSectionProps) => (
  <section aria-labelledby={id} className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
    <header className="mb-6 space-y-1">
      <h2 id={id} className="font-semibold text-lg">
        {title}
      </h2>
      <p className="text-muted-foreground text-sm">{description}</p>
    </header>
    {children}
  </section>
);
