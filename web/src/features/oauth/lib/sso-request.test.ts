import { describe, expect, it } from 'vitest';
import { ApiError } from '@web/lib/api-error';
import { clientFields, isRequestRefusal } from './sso-request';

describe('the sign-in call of the authorisation page', () => {
  it("sends the request's standard names under the spec's", () => {
    const request = {
      client_id: 'rx_1',
      redirect_uri: 'https://his.example/cb',
      state: null,
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      response_type: 'code',
    };
    expect(clientFields(request)).toEqual({
      client_id: 'rx_1',
      redirectUri: 'https://his.example/cb',
      state: '',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('tells a refused request (never redirect) from a refused sign-in (stay on the form)', () => {
    expect(isRequestRefusal(new ApiError(400, 'OAUTH_CLIENT', 'unknown app'))).toBe(true);
    expect(isRequestRefusal(new ApiError(400, 'OAUTH_REDIRECT', 'not registered'))).toBe(true);
    const badChallenge = new ApiError(400, 'VALIDATION', 'x', 400, null, [{ field: 'code_challenge', msg: 'x' }]);
    expect(isRequestRefusal(badChallenge)).toBe(true);
    expect(isRequestRefusal(new ApiError(401, 'BAD_CREDENTIALS', 'wrong'))).toBe(false);
    expect(isRequestRefusal(new ApiError(400, 'CAPTCHA_WRONG', 'wrong captcha'))).toBe(false);
    const badUsername = new ApiError(400, 'VALIDATION', 'x', 400, null, [{ field: 'username', msg: 'x' }]);
    expect(isRequestRefusal(badUsername)).toBe(false);
    expect(isRequestRefusal(new Error('network'))).toBe(false);
  });
});
