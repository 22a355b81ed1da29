import { cn } from '@/lib/utils';

type FieldErrorProps = { id: string; message?: string; className?: string };

/** The inline error area under a form field; always rendered so the layout does not jump. */
export const FieldError = ({ id, message, className }: FieldErrorProps) => (
  <p id={id} role={message ? 'alert' : undefined} className={cn('min-h-5 text-destructive text-xs', className)}>
    {message}
  </p>
);
