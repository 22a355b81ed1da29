import { PLAN_SCREEN } from '@carcare/contracts/plans-constants';
import { PlusIcon } from 'lucide-react';
import { PageHeading } from '@/components/feedback/page-heading';
import { Button } from '@/components/ui/button';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { CARDS_MEDIA_QUERY } from '@/lib/breakpoints';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useMediaQuery } from '@/lib/use-media-query';
import { useGetAllPlansQuery } from '../api/get-all-plans';
import { useGetOfferedAddOnsQuery } from '../api/get-offered-add-ons';
import { PlanFormDialog } from '../components/plan-form-dialog';
import { PlanCards, PlansTable } from '../components/plans-table';

/** The wash club's plans, on offer and retired: a table on a wide screen, cards on a phone. */
export const PlansPage = () => {
  const { data: plans, isLoading, isFetching, isError } = useGetAllPlansQuery();
  const { data: services = [] } = useGetServiceNamesQuery();
  const { data: addOns = [] } = useGetOfferedAddOnsQuery();
  const cards = useMediaQuery(CARDS_MEDIA_QUERY);
  const List = cards ? PlanCards : PlansTable;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={PLAN_SCREEN.title} description={PLAN_SCREEN.description} />
        <PlanFormDialog
          services={services}
          addOns={addOns}
          trigger={
            <Button>
              <PlusIcon aria-hidden="true" />
              Add Plan
            </Button>
          }
        />
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {PLAN_SCREEN.listFailed}
        </p>
      ) : null}
      {plans && plans.length === 0 ? <p className="text-center text-muted-foreground">{PLAN_SCREEN.empty}</p> : null}
      {plans && plans.length > 0 ? (
        <div className={cards ? undefined : 'rounded-xl border bg-card'} aria-busy={isFetching}>
          <List plans={plans} services={services} addOns={addOns} />
        </div>
      ) : null}
    </div>
  );
};
