import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { describe, expect, it } from 'vitest';
import { moveReasonBody, moveReasonOf } from '../move-reason';

describe("the reason for the shop's move", () => {
  it('is required, and for Other needs words that are more than spaces', () => {
    expect(moveReasonBody({ reason: '', text: 'rain' })).toEqual({ error: FRONT_DESK_MESSAGES.reasonRequired });
    expect(moveReasonBody({ reason: 'other', text: '   ' })).toEqual({ error: FRONT_DESK_MESSAGES.reasonRequired });
    expect(moveReasonBody({ reason: 'other', text: ' Bay repairs ' })).toEqual({
      body: { reason: 'other', reasonText: 'Bay repairs' },
    });
  });

  it('sends words with a listed reason only when some were written', () => {
    expect(moveReasonBody({ reason: 'weather', text: ' ' })).toEqual({ body: { reason: 'weather' } });
    expect(moveReasonBody({ reason: 'customer', text: 'Asked by phone' })).toEqual({
      body: { reason: 'customer', reasonText: 'Asked by phone' },
    });
  });

  it('reads only the listed reasons from the select', () => {
    expect(moveReasonOf('shop')).toBe('shop');
    expect(moveReasonOf('flood')).toBe('');
  });
});
