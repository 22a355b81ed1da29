import { type ServiceDetail, type ServicePricesInput, servicePricesInputSchema } from '@carcare/contracts/services';

/** What a class's two inputs hold, as typed: empty means the service's own price or duration. */
export type PriceCells = { price: string; duration: string };

/** The grid's inputs from the saved prices: a class with its own shows them, the others are left empty. */
export const cellsOf = (service: Pick<ServiceDetail, 'prices'>): Record<string, PriceCells> =>
  Object.fromEntries(
    service.prices.map((row) => [
      row.vehicleClass,
      row.own ? { price: String(row.price), duration: String(row.duration) } : { price: '', duration: '' },
    ]),
  );

export type PriceErrors = Record<string, Partial<Record<keyof PriceCells, string>>>;

type Checked = { ok: true; input: ServicePricesInput } | { ok: false; errors: PriceErrors };

/**
 * The rows filled in, in the classes' order, checked against the contract: a row with only one of its inputs
 * filled takes the service's value for the other. The contract's messages land on the inputs they are about.
 */
export const checkedPrices = (
  service: Pick<ServiceDetail, 'prices' | 'price' | 'duration'>,
  cells: Record<string, PriceCells>,
): Checked => {
  const filled = service.prices.flatMap((row) => {
    const cell = cells[row.vehicleClass];
    if (!cell || (cell.price.trim() === '' && cell.duration.trim() === '')) return [];
    return [
      {
        vehicleClass: row.vehicleClass,
        price: cell.price.trim() === '' ? service.price : Number(cell.price),
        duration: cell.duration.trim() === '' ? service.duration : Number(cell.duration),
      },
    ];
  });
  const result = servicePricesInputSchema.safeParse({ prices: filled });
  if (result.success) return { ok: true, input: result.data };
  const errors: PriceErrors = {};
  for (const issue of result.error.issues) {
    const [, index, field] = issue.path;
    const row = typeof index === 'number' ? filled[index] : undefined;
    if (row && (field === 'price' || field === 'duration')) {
      errors[row.vehicleClass] = { ...errors[row.vehicleClass], [field]: issue.message };
    }
  }
  return { ok: false, errors };
};
