import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../shared/lib/test-render';
import { updateConfig } from './update-config';

describe('updateConfig with a new logo (multipart)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the cash steps as JSON text, as the contract reads a map from a form', async () => {
    const fetchMock = stubFetch((url, init) => (url === '/api/config/5/' && init.method === 'PUT' ? jsonResponse(200, {}) : undefined));
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await updateConfig({ id: 5, input: { company_name: 'Nour', cash_rounding: { LBP: '1000' }, second_currency: null }, logo });
    const body = fetchMock.mock.calls[0]![1]!.body as FormData;
    expect(body.get('cash_rounding')).toBe('{"LBP":"1000"}');
    expect(body.get('company_name')).toBe('Nour');
    expect(body.has('second_currency')).toBe(false);
    expect(body.get('logo')).toBeInstanceOf(File);
  });
});
