import { LoaderCircleIcon } from 'lucide-react';
import { UI_MESSAGES } from '@/lib/ui-messages';

/** Shown while the session is being checked or a page chunk is loading. */
export const LoadingScreen = () => (
  <div role="status" className="flex min-h-[50vh] items-center justify-center gap-3 text-muted-foreground">
    <LoaderCircleIcon className="size-5 animate-spin text-primary" aria-hidden="true" />
    <span>{UI_MESSAGES.loadingScreen}</span>
  </div>
);
