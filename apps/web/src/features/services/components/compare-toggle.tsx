import { CheckIcon, GitCompareArrowsIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { type ComparedService, comparison, useComparedServices } from '../comparison-store';

type CompareToggleProps = { service: ComparedService; className?: string };

/** Adds the service to the comparison, or takes it out again. */
export const CompareToggle = ({ service, className }: CompareToggleProps) => {
  const selected = useComparedServices().some((compared) => compared.id === service.id);
  return (
    <Button
      type="button"
      variant={selected ? 'secondary' : 'outline'}
      aria-pressed={selected}
      aria-label={`Compare ${service.name}`}
      className={cn(className)}
      onClick={() => comparison.toggle(service)}
    >
      {selected ? <CheckIcon aria-hidden="true" /> : <GitCompareArrowsIcon aria-hidden="true" />}
      Compare
    </Button>
  );
};
