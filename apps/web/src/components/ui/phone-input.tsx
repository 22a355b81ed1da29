import type { Country } from 'react-phone-number-input';
import PhoneNumberInput from 'react-phone-number-input';
import { cn } from '@/lib/utils';
import { inputClassName } from './input';
import './phone-input.css';

type PhoneInputProps = {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  defaultCountry: Country;
  invalid?: boolean;
  describedBy?: string;
};

/** The country's ISO code in place of a flag: flag emoji do not render everywhere, flag images come from elsewhere. */
const CountryCode = ({ country, countryName }: { country: string; countryName: string }) => (
  <abbr title={countryName} className="font-semibold text-muted-foreground text-xs no-underline">
    {country}
  </abbr>
);

/** International phone entry (react-phone-number-input); the value is E.164, '' when empty. */
export const PhoneInput = ({ id, value, onChange, defaultCountry, invalid, describedBy, ...rest }: PhoneInputProps) => (
  <PhoneNumberInput
    {...rest}
    id={id}
    international
    defaultCountry={defaultCountry}
    value={value}
    onChange={(next) => onChange(next ?? '')}
    flagComponent={CountryCode}
    className="PhoneInput"
    numberInputProps={{
      className: cn(inputClassName),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy,
      autoComplete: 'tel',
    }}
  />
);
