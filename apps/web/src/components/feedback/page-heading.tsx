import { cn } from '@/lib/utils';

type PageHeadingProps = { title: string; description?: string; className?: string };

export const PageHeading = ({ title, description, className }: PageHeadingProps) => (
  <header className={cn('space-y-1', className)}>
    <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{title}</h1>
    {description ? <p className="text-muted-foreground">{description}</p> : null}
  </header>
);
