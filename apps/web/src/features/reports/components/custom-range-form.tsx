import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type CustomRange, customRangeSchema } from '../custom-range-schema';

type CustomRangeFormProps = { from: string; to: string; onApply: (from: string, to: string) => void };

/** Two days, both counted; the range is checked as the API checks it before the URL changes. */
export const CustomRangeForm = ({ from, to, onApply }: CustomRangeFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CustomRange>({ resolver: zodResolver(customRangeSchema), defaultValues: { from, to } });

  return (
    <form
      noValidate
      aria-label="Custom range"
      onSubmit={handleSubmit((range) => onApply(range.from, range.to))}
      className="flex flex-wrap items-start gap-3"
    >
      <TextField id="overview-from" label="From" type="date" error={errors.from?.message} {...register('from')} />
      <TextField id="overview-to" label="To" type="date" error={errors.to?.message} {...register('to')} />
      <Button type="submit" variant="outline" className="mt-6">
        Apply
      </Button>
    </form>
  );
};
