import { ApiError } from '@tessera/contract';
import { describe, expect, it } from 'vitest';
import { errorText } from '../src/errorText.ts';
import { withParams } from '../src/urlState.ts';

describe('withParams', () => {
  const params = new URLSearchParams('type=LOTT&vendor=V1&pageNo=3');

  it('sets a parameter, removes one given null or an empty string, and leaves one given undefined', () => {
    const next = withParams(params, { from: '2026-01-01', vendor: null, type: '', pageNo: undefined });
    expect(next.toString()).toBe('pageNo=3&from=2026-01-01');
  });

  it('answers a copy: the URL it was given is unchanged', () => {
    withParams(params, { pageNo: null });
    expect(params.get('pageNo')).toBe('3');
  });
});

describe('errorText', () => {
  const t = (key: string) => `[${key}]`;

  it("is the server's message of a refusal", () => {
    expect(errorText(t, new ApiError(400, 'validation_failed', 'Amount too small'))).toBe('Amount too small');
  });

  it("is the app's own words for a network failure and for what is not the server's", () => {
    expect(errorText(t, new ApiError(0, 'network_error', 'Network problem, please retry.'))).toBe(
      '[errors.network_error]',
    );
    expect(errorText(t, new ApiError(500, 'internal_error', ''))).toBe('[errors.internal_error]');
    expect(errorText(t, new TypeError('boom'))).toBe('[errors.internal_error]');
  });
});
