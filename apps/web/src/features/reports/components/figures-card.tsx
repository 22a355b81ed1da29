import { type ReactNode, useId } from 'react';

type FiguresCardProps = {
  heading: string;
  detail: string;
  /** Each figure's label and its value, written as the card shows it. */
  figures: ReadonlyArray<readonly [string, string]>;
  /** Below the figures: a breakdown of them, for instance. */
  children?: ReactNode;
};

/** One of the overview's cards of figures: a heading, what it counts, then the figures two or three a row. */
export const FiguresCard = ({ heading, detail, figures, children }: FiguresCardProps) => {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
    >
      <div className="space-y-1">
        <h2 id={headingId} className="font-semibold">
          {heading}
        </h2>
        <p className="text-muted-foreground text-xs">{detail}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="min-w-0 space-y-1">
            <dt className="text-muted-foreground text-sm">{label}</dt>
            <dd className="font-semibold text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
};
