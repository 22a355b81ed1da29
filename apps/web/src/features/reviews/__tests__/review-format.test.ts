import { describe, expect, it } from 'vitest';
import { formatReviewDate } from '../review-format';

describe('review dates', () => {
  it("writes the day of the business's time zone, whatever the reader's", () => {
    expect(formatReviewDate('2025-01-15T23:30:00.000Z', 'UTC')).toBe('Jan 15, 2025');
    expect(formatReviewDate('2025-01-15T23:30:00.000Z', 'Asia/Dhaka')).toBe('Jan 16, 2025');
    expect(formatReviewDate('2025-01-15T03:00:00.000Z', 'America/New_York')).toBe('Jan 14, 2025');
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatReviewDate('not a date', 'UTC')).toBe('');
  });
});
