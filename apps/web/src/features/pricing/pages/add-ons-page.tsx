import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import { PlusIcon } from 'lucide-react';
import { PageHeading } from '@/components/feedback/page-heading';
import { Button } from '@/components/ui/button';
import { useGetServiceNamesQuery } from '@/lib/api/get-service-names';
import { CARDS_MEDIA_QUERY } from '@/lib/breakpoints';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useMediaQuery } from '@/lib/use-media-query';
import { useGetAllAddOnsQuery } from '../api/get-all-add-ons';
import { useGetAllVehicleClassesQuery } from '../api/get-all-vehicle-classes';
import { AddOnFormDialog } from '../components/add-on-form-dialog';
import { AddOnCards, AddOnsTable } from '../components/add-ons-table';

/** The shop's add-ons: a table on a wide screen, cards on a phone. */
export const AddOnsPage = () => {
  const { data: addOns, isLoading, isFetching, isError } = useGetAllAddOnsQuery();
  const { data: services = [] } = useGetServiceNamesQuery();
  const { data: allClasses = [] } = useGetAllVehicleClassesQuery();
  const classes = allClasses.filter((each) => each.active).sort((first, second) => first.sortOrder - second.sortOrder);
  const cards = useMediaQuery(CARDS_MEDIA_QUERY);
  const List = cards ? AddOnCards : AddOnsTable;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeading title={ADD_ON_SCREEN.title} description={ADD_ON_SCREEN.description} />
        <AddOnFormDialog
          services={services}
          classes={classes}
          trigger={
            <Button>
              <PlusIcon aria-hidden="true" />
              Add Add-on
            </Button>
          }
        />
      </div>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          {ADD_ON_SCREEN.listFailed}
        </p>
      ) : null}
      {addOns && addOns.length === 0 ? (
        <p className="text-center text-muted-foreground">{ADD_ON_SCREEN.empty}</p>
      ) : null}
      {addOns && addOns.length > 0 ? (
        <div className={cards ? undefined : 'rounded-xl border bg-card'} aria-busy={isFetching}>
          <List addOns={addOns} services={services} classes={classes} />
        </div>
      ) : null}
    </div>
  );
};
