import { describe, expect, it } from 'vitest';
import { makeApiStore } from '@/test/api-store';
import { aPublicConfig, jsonResponse, signedOut } from '@/test/fixtures';
import { stubFetch } from '@/test/stub-fetch';
import { publicConfigApi } from '../get-public-config';

const fetchMock = stubFetch();

const fetchConfig = () =>
  makeApiStore(signedOut).dispatch(publicConfigApi.endpoints.getPublicConfig.initiate(undefined, { subscribe: false }));

describe('answers checked against their contract on demand', () => {
  it('hands over the checked and selected answer', async () => {
    const config = { ...aPublicConfig('EUR'), timeZone: 'Europe/Berlin' };
    fetchMock.mockResolvedValue(jsonResponse(200, { success: true, message: 'Configuration', data: config }));

    const result = await fetchConfig();

    expect(result.data).toEqual(config);
  });

  it('turns an answer that breaks the contract into an error of the call, not a thrown exception', async () => {
    const offContract = { success: true, message: 'Configuration', data: { businessName: 'CarCare' } };
    fetchMock.mockResolvedValue(jsonResponse(200, offContract));

    const result = await fetchConfig();

    expect(result.data).toBeUndefined();
    expect(result.error).toEqual({
      status: 'CUSTOM_ERROR',
      error: 'The answer did not match the contract (rawResponseSchema)',
      data: offContract,
    });
  });
});
