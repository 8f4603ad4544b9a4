import { afterEach, describe, expect, it, vi } from 'vitest';
import { testOperator } from '@/testing/builders';
import { detectOperator, OperatorDetectionError } from './detect-operator';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(): Promise<OperatorDetectionError> {
  const error = await detectOperator({ phone: '08031234567', countryCode: 'NG' }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(OperatorDetectionError);
  return error as OperatorDetectionError;
}

afterEach(() => vi.unstubAllGlobals());

describe('operator detection', () => {
  it('asks for JSON at the phone and country path and returns the operator', async () => {
    const operator = testOperator();
    const fetchMock = answer(200, { success: true, data: operator });
    await expect(detectOperator({ phone: '08031234567', countryCode: 'NG' })).resolves.toEqual(operator);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/reloadly/operator-detect/08031234567/NG',
      expect.objectContaining({ headers: expect.objectContaining({ Accept: 'application/json' }) }),
    );
  });

  it("reports the server's message, with the answer behind it for translation", async () => {
    const message = 'Could not auto detect operator for given phone number';
    answer(404, { success: false, message, code: 'COULD_NOT_AUTO_DETECT_OPERATOR', messageKey: 'apiErrors.operatorNotDetected' });
    const error = await failure();
    expect(error).toMatchObject({ message, messageKey: undefined });
    expect(error.cause).toMatchObject({ serverMessage: message, messageKey: 'apiErrors.operatorNotDetected' });
  });

  it('falls back to "Failed to detect operator" when the error has no message', async () => {
    answer(502, 'Bad gateway');
    expect(await failure()).toMatchObject({ message: 'Failed to detect operator', messageKey: 'topup.errors.detectFailed' });
  });

  it('refuses an answer without success and data', async () => {
    answer(200, { success: false });
    expect(await failure()).toMatchObject({ message: 'Invalid response format from server', messageKey: 'topup.errors.invalidResponse' });
    answer(200, { success: true });
    expect((await failure()).message).toBe('Invalid response format from server');
  });
});
