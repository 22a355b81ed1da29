import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Shown when a page fails to load or render (for instance a chunk missing after a deployment). */
export const RouteErrorView = () => (
  <section role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
    <TriangleAlertIcon className="size-10 text-destructive" aria-hidden="true" />
    <h1 className="font-bold text-2xl">Something went wrong</h1>
    <p className="max-w-md text-muted-foreground">This page could not be loaded. Please try again.</p>
    <Button onClick={() => window.location.reload()}>Reload page</Button>
  </section>
);
