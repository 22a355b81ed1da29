import { PageHeading } from '@/components/feedback/page-heading';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetSettingsQuery } from '../api/settings-api';
import { ClosuresSection } from '../components/closures-section';
import { OpeningHoursForm } from '../components/opening-hours-form';
import { PaymentTermsForm } from '../components/payment-terms-form';
import { RecentChanges } from '../components/recent-changes';
import { SettingsCard } from '../components/settings-card';
import { ShopDetailsForm } from '../components/shop-details-form';
import { SETTINGS_SCREEN_TEXT } from '../settings-refusal';

/**
 * The avatar menu's Setting: the shop's details and policies, its payment and cancellation terms, its weekly hours, its closures and the trail of
 * every change. Free times follow from the next request.
 */
export const SettingsPage = () => {
  const { data: settings, isLoading, isError } = useGetSettingsQuery(undefined);

  return (
    <div className="min-w-0 space-y-6">
      <PageHeading title="Settings" description="Your shop's details, opening hours and closures" />
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {SETTINGS_SCREEN_TEXT.loadFailed}
        </p>
      ) : null}
      {settings ? (
        <>
          <SettingsCard
            id="settings-details"
            title="Shop details"
            description="How customers reach you, and the rules every booking follows."
          >
            <ShopDetailsForm settings={settings} />
          </SettingsCard>
          <SettingsCard
            id="settings-payments"
            title="Payments and cancellations"
            description="What a deposit takes, what a no-show costs, and what happens to a late cancellation. Customers accept these terms before paying."
          >
            <PaymentTermsForm settings={settings} />
          </SettingsCard>
          <SettingsCard
            id="settings-hours"
            title="Opening hours"
            description="Customers can book start times inside these hours, every step from opening."
          >
            <OpeningHoursForm settings={settings} />
          </SettingsCard>
          <ClosuresSection />
          <RecentChanges timeZone={settings.timeZone} currency={settings.currency} />
        </>
      ) : null}
    </div>
  );
};
