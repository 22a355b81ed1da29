import type { AddOn } from '@carcare/contracts/add-ons';
import { ADD_ON_SCREEN } from '@carcare/contracts/add-ons-constants';
import type { ServiceName } from '@carcare/contracts/services';

/** The services an add-on is offered with, by name in the services' order: 'Full Detail, Interior Detail'. */
export const offeredWith = (addOn: AddOn, services: readonly ServiceName[]) => {
  const names = services.filter((service) => addOn.services.includes(service._id)).map((service) => service.name);
  return names.length > 0 ? names.join(', ') : ADD_ON_SCREEN.noService;
};

/** How many classes pay a price of their own: '2 class prices', or null when none does. */
export const ownPrices = (addOn: AddOn) => {
  const count = addOn.prices.filter((row) => row.own).length;
  if (count === 0) return null;
  return `${count} class ${count === 1 ? 'price' : 'prices'}`;
};
