import { type ReactNode, useId } from 'react';

/** One step of the New booking page: a titled card. */
export const FormSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4 rounded-lg border bg-card p-4 sm:p-6">
      <h2 id={id} className="font-semibold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
};
