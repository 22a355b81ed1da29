import type { ServiceDetail } from '@carcare/contracts/services';
import { SERVICE_MESSAGES, SERVICE_PRICES_WORDS } from '@carcare/contracts/services-constants';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { currencySymbol } from '@/lib/format-price';
import { toastError } from '@/lib/toast-message';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useGetServiceQuery } from '../../api/get-service';
import { useUpdateServicePricesMutation } from '../../api/update-service-prices';
import { cellsOf, checkedPrices, type PriceCells, type PriceErrors } from '../../service-price-rows';

type PricesGridProps = { service: ServiceDetail; currency: string };

/** One row per live class: its price and duration, empty where it takes the service's (shown as placeholders). */
const PricesGrid = ({ service, currency }: PricesGridProps) => {
  const [cells, setCells] = useState(() => cellsOf(service));
  const [errors, setErrors] = useState<PriceErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [updatePrices, { isLoading }] = useUpdateServicePricesMutation();

  const change = (classId: string, field: keyof PriceCells, value: string) =>
    setCells((current) => ({
      ...current,
      [classId]: { ...(current[classId] ?? { price: '', duration: '' }), [field]: value },
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkedPrices(service, cells);
    setErrors(checked.ok ? {} : checked.errors);
    setRefusal(null);
    if (!checked.ok) return;
    try {
      await updatePrices({ id: service._id, prices: checked.input.prices }).unwrap();
      toast.success(SERVICE_MESSAGES.pricesSaved);
    } catch (error) {
      const message = (isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? SERVICE_PRICES_WORDS.saveFailed;
      setRefusal(message);
      toastError({ title: message });
    }
  };

  if (service.prices.length === 0)
    return <p className="text-muted-foreground text-sm">{SERVICE_PRICES_WORDS.noClasses}</p>;

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal}
        </p>
      ) : null}
      <div className="grid grid-cols-[minmax(0,1fr)_5.5rem_5.5rem] items-start gap-x-2 gap-y-2 text-sm">
        <span className="text-muted-foreground text-xs">Class</span>
        <span className="text-muted-foreground text-xs">Price ({currencySymbol(currency)})</span>
        <span className="text-muted-foreground text-xs">Minutes</span>
        {service.prices.map((row) => {
          const cell = cells[row.vehicleClass] ?? { price: '', duration: '' };
          const rowErrors = errors[row.vehicleClass] ?? {};
          const id = `service-${service._id}-class-${row.vehicleClass}`;
          return (
            <div key={row.vehicleClass} className="contents">
              <span className="break-words pt-2 font-medium">{row.name}</span>
              <div>
                <Input
                  id={`${id}-price`}
                  aria-label={`Price for ${row.name}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="0.01"
                  placeholder={String(service.price)}
                  value={cell.price}
                  aria-invalid={rowErrors.price ? true : undefined}
                  aria-describedby={`${id}-price-error`}
                  onChange={(event) => change(row.vehicleClass, 'price', event.target.value)}
                />
                <FieldError id={`${id}-price-error`} message={rowErrors.price} className="mt-1" />
              </div>
              <div>
                <Input
                  id={`${id}-duration`}
                  aria-label={`Duration for ${row.name}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  placeholder={String(service.duration)}
                  value={cell.duration}
                  aria-invalid={rowErrors.duration ? true : undefined}
                  aria-describedby={`${id}-duration-error`}
                  onChange={(event) => change(row.vehicleClass, 'duration', event.target.value)}
                />
                <FieldError id={`${id}-duration-error`} message={rowErrors.duration} className="mt-1" />
              </div>
            </div>
          );
        })}
      </div>
      <Button type="submit" variant="outline" disabled={isLoading} className="w-full sm:w-auto">
        {isLoading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        {SERVICE_PRICES_WORDS.save}
      </Button>
    </form>
  );
};

/**
 * Prices by vehicle class, in the edit dialog: each live class may have its own price and duration for the
 * service; the others take the service's. Saved on their own with `PUT /api/services/:id/prices`.
 */
export const ServicePricesSection = ({ serviceId, currency }: { serviceId: string; currency: string }) => {
  const { data: service, isLoading, isError } = useGetServiceQuery(serviceId);
  const titleId = `service-prices-${serviceId}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3 border-t pt-4">
      <h3 id={titleId} className="font-semibold">
        {SERVICE_PRICES_WORDS.title}
      </h3>
      <p className="text-muted-foreground text-xs">{SERVICE_PRICES_WORDS.hint}</p>
      {isLoading ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? (
        <p role="alert" className="text-destructive text-sm">
          {SERVICE_PRICES_WORDS.loadFailed}
        </p>
      ) : null}
      {service ? <PricesGrid key={JSON.stringify(service.prices)} service={service} currency={currency} /> : null}
    </section>
  );
};
