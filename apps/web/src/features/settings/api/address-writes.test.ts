import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../shared/lib/test-render';
import { createAddress } from './create-address';
import { deleteAddress } from './delete-address';
import { renameAddress } from './rename-address';

describe('the address writes of each level (addressEndpoints)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('go to the level path under their parents, with the name as JSON', async () => {
    const fetchMock = stubFetch((_url, init) =>
      init.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, { id: 7, name: 'Block B' }),
    );
    await createAddress('region', {}, 'Hamra');
    await renameAddress('street', { regionId: 1 }, 4, 'Bliss');
    await createAddress('building', { regionId: 1, streetId: 4 }, 'Block A');
    await renameAddress('building', { regionId: 1, streetId: 4 }, 7, 'Block B');
    await deleteAddress('building', { regionId: 1, streetId: 4 }, 7);
    await deleteAddress('street', { regionId: 1, streetId: 4 }, 4);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)} ${String(init?.body ?? '')}`.trim())).toEqual([
      'POST /api/regions/ {"name":"Hamra"}',
      'PUT /api/regions/1/streets/4/ {"name":"Bliss"}',
      'POST /api/regions/1/streets/4/buildings/ {"name":"Block A"}',
      'PUT /api/regions/1/streets/4/buildings/7/ {"name":"Block B"}',
      'DELETE /api/regions/1/streets/4/buildings/7/',
      'DELETE /api/regions/1/streets/4/',
    ]);
  });

  it('refuses a street level call without its region rather than send regions/undefined/', async () => {
    stubFetch(() => jsonResponse(200, {}));
    expect(() => createAddress('street', {}, 'Bliss')).toThrow(/regionId/);
  });
});
