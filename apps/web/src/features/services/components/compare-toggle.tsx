import type { Service } from '@carcare/contracts/services';
import { CheckIcon, GitCompareArrowsIcon } from 'lucide-react';
import { useSelector } from 'react-redux';
import { Button } from '@/components/ui/button';
import { useAppDispatch } from '@/lib/redux-hooks';
import { cn } from '@/lib/utils';
import { comparisonToggled, selectComparedServices, toComparedService } from '../comparison-slice';

type CompareToggleProps = { service: Service; className?: string };

/** Adds the service to the comparison, or takes it out again. */
export const CompareToggle = ({ service, className }: CompareToggleProps) => {
  const dispatch = useAppDispatch();
  const selected = useSelector(selectComparedServices).some((compared) => compared.id === service._id);
  return (
    <Button
      type="button"
      variant={selected ? 'secondary' : 'outline'}
      aria-pressed={selected}
      aria-label={`Compare ${service.name}`}
      className={cn(className)}
      onClick={() => dispatch(comparisonToggled(toComparedService(service)))}
    >
      {selected ? <CheckIcon aria-hidden="true" /> : <GitCompareArrowsIcon aria-hidden="true" />}
      Compare
    </Button>
  );
};
