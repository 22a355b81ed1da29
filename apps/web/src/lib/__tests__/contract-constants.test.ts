import * as contracts from '@carcare/contracts/auth';
import { ROLES as CONTRACT_ROLES } from '@carcare/contracts/users';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, REDIRECT_COOKIE, REFRESH_TOKEN_COOKIE, ROLES } from '../contract-constants';

describe('constants mirrored from @carcare/contracts', () => {
  it('match the contracts exactly', () => {
    expect({ AUTH_STORAGE_KEY, REDIRECT_COOKIE, REFRESH_TOKEN_COOKIE }).toEqual({
      AUTH_STORAGE_KEY: contracts.AUTH_STORAGE_KEY,
      REDIRECT_COOKIE: contracts.REDIRECT_COOKIE,
      REFRESH_TOKEN_COOKIE: contracts.REFRESH_TOKEN_COOKIE,
    });
  });

  it('lists the same roles', () => {
    expect(ROLES).toEqual(CONTRACT_ROLES);
  });
});
