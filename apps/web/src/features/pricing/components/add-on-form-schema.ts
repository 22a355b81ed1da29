import type { AddOn } from '@carcare/contracts/add-ons';
import { createAddOnSchema } from '@carcare/contracts/add-ons';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';

const { shape } = createAddOnSchema;

/** Every field of an add-on, as the add and the edit form both send them; the messages are the contract's. */
export const addOnFormSchema = z.object({
  name: shape.name,
  description: shape.description.unwrap(),
  price: shape.price,
  minutes: shape.minutes,
  active: shape.active.unwrap(),
  services: shape.services.unwrap(),
  prices: shape.prices.unwrap(),
});

/** What the inputs hold before the schema checks them: numbers may still be NaN (empty). */
export type AddOnFormInput = z.input<typeof addOnFormSchema>;
export type AddOnFormValues = z.output<typeof addOnFormSchema>;

/**
 * A new add-on's form: its price and minutes start with no value, so that their fields start empty (a NaN given to a
 * number field is a value the browser cannot parse, and says so); left empty, they read as NaN.
 */
export const emptyAddOn: DefaultValues<AddOnFormInput> = {
  name: '',
  description: '',
  active: true,
  services: [],
  prices: [],
};

/** An add-on's saved values, with a row for each class that has a price of its own. */
export const addOnValues = (addOn: AddOn): AddOnFormInput => ({
  name: addOn.name,
  description: addOn.description,
  price: addOn.price,
  minutes: addOn.minutes,
  active: addOn.active,
  services: addOn.services,
  prices: addOn.prices
    .filter((row) => row.own)
    .map(({ vehicleClass, price, minutes }) => ({ vehicleClass, price, minutes })),
});
