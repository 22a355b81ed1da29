import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetClosuresQuery } from '../api/settings-api';
import { SETTINGS_SCREEN_TEXT } from '../settings-refusal';
import { AddClosureForm } from './add-closure-form';
import { ClosureList } from './closure-list';
import { SettingsCard } from './settings-card';

/** Days the shop is shut (a holiday, a flooded bay): no free time is offered on them. */
export const ClosuresSection = () => {
  const { data: closures, isLoading, isError } = useGetClosuresQuery(undefined);
  return (
    <SettingsCard
      id="settings-closures"
      title="Closures"
      description="Days the shop is shut. Customers cannot book them; a closure cancels no booking."
    >
      <div className="space-y-6">
        {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
        {isError ? (
          <p role="alert" className="text-destructive">
            {SETTINGS_SCREEN_TEXT.closuresFailed}
          </p>
        ) : null}
        {closures && closures.length === 0 ? (
          <p className="text-muted-foreground text-sm">{SETTINGS_SCREEN_TEXT.noClosures}</p>
        ) : null}
        {closures && closures.length > 0 ? <ClosureList closures={closures} /> : null}
        <AddClosureForm />
      </div>
    </SettingsCard>
  );
};
