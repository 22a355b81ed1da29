import type { AddOn } from '@carcare/contracts/add-ons';
import type { ServiceName } from '@carcare/contracts/services';
import type { VehicleClass } from '@carcare/contracts/vehicles';
import { PencilIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AddOnFormDialog } from './add-on-form-dialog';
import { DeactivateAddOnDialog } from './deactivate-add-on-dialog';

type AddOnRowActionsProps = { addOn: AddOn; services: readonly ServiceName[]; classes: readonly VehicleClass[] };

/** Edit, and Deactivate while it is offered (an inactive one is made active again in its edit dialog). */
export const AddOnRowActions = ({ addOn, services, classes }: AddOnRowActionsProps) => (
  <div className="flex flex-wrap items-center justify-end gap-1">
    <AddOnFormDialog
      addOn={addOn}
      services={services}
      classes={classes}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Edit ${addOn.name}`}>
          <PencilIcon aria-hidden="true" />
          Edit
        </Button>
      }
    />
    {addOn.active ? <DeactivateAddOnDialog addOn={addOn} /> : null}
  </div>
);
