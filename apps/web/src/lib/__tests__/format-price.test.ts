import { describe, expect, it } from 'vitest';
import { currencySymbol, formatPrice } from '../format-price';

describe('formatPrice', () => {
  it('shows US dollars as SPEC does: whole amounts without decimals, others with cents', () => {
    expect(formatPrice(25)).toBe('$25');
    expect(formatPrice(25, 'USD')).toBe('$25');
    expect(formatPrice(129.99, 'USD')).toBe('$129.99');
    expect(formatPrice(49.5, 'USD')).toBe('$49.50');
    expect(formatPrice(1200, 'USD')).toBe('$1,200');
  });

  it("shows another currency in that currency's own sign and decimals", () => {
    expect(formatPrice(25, 'EUR')).toBe('€25');
    expect(formatPrice(129.99, 'EUR')).toBe('€129.99');
    expect(formatPrice(1500, 'JPY')).toBe('¥1,500');
  });

  it("names the currency's sign for labels", () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
  });
});
