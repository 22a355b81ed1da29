import { JOB_WORDS } from '@carcare/contracts/quotes-constants';
import type { ClassPrice } from '@carcare/contracts/services';
import { formatPrice } from '@/lib/format-price';

type ClassPriceTableProps = { prices: readonly ClassPrice[]; currency: string };

/** "Prices by vehicle": each live class with its price and duration for the service, in the shop's order. */
export const ClassPriceTable = ({ prices, currency }: ClassPriceTableProps) => (
  <section aria-labelledby="class-prices-heading" className="max-w-xl space-y-2">
    <h2 id="class-prices-heading" className="font-semibold text-lg">
      {JOB_WORDS.pricesHeading}
    </h2>
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-3 font-medium">
            {JOB_WORDS.classColumn}
          </th>
          <th scope="col" className="py-2 pr-3 text-right font-medium">
            {JOB_WORDS.priceColumn}
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            {JOB_WORDS.durationColumn}
          </th>
        </tr>
      </thead>
      <tbody>
        {prices.map((row) => (
          <tr key={row.vehicleClass} className="border-b last:border-0">
            <th scope="row" className="break-words py-2 pr-3 text-left font-normal">
              {row.name}
            </th>
            <td className="whitespace-nowrap py-2 pr-3 text-right font-medium">{formatPrice(row.price, currency)}</td>
            <td className="whitespace-nowrap py-2 text-right">{JOB_WORDS.minutes(row.duration)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </section>
);
