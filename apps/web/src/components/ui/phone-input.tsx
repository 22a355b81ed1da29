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

/** A regional-indicator emoji flag: no flag images fetched from elsewhere. */
const flagEmoji = (country: string) =>
  String.fromCodePoint(...[...country.toUpperCase()].map((letter) => 0x1f1a5 + letter.charCodeAt(0)));

const Flag = ({ country, countryName }: { country: string; countryName: string }) => (
  <span role="img" aria-label={countryName} className="text-lg leading-none">
    {flagEmoji(country)}
  </span>
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
    flagComponent={Flag}
    className="PhoneInput"
    numberInputProps={{
      className: cn(inputClassName),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': describedBy,
      autoComplete: 'tel',
    }}
  />
);
