import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken, nowSeconds } from '../lib/test-tokens';
import { renderWithProviders, stubFetch } from '../lib/test-render';
import { clearTokens, storeTokens } from '../lib/tokens';
import { AuthImage } from './auth-image';
import { ReadingPhotoThumb } from './reading-photo-thumb';
import { UserAvatar } from './user-avatar';

const PHOTO = '/api/media/1-0123456789abcdef0123456789abcdef.jpg';
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
let created: Blob[];
let revoked: string[];

beforeEach(() => {
  created = [];
  revoked = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return `blob:image-${created.length}`;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  storeTokens({ access: makeToken(nowSeconds() + 600), refresh: makeToken(nowSeconds() + 6000) });
});
afterEach(() => clearTokens());

const imageAnswer = () => new Response(JPEG, { status: 200, headers: { 'content-type': 'image/jpeg' } });

describe('AuthImage', () => {
  it("fetches the app's own upload with the bearer token and shows it as an object URL, revoked when it goes", async () => {
    const fetchMock = stubFetch((url) => (url === PHOTO ? imageAnswer() : undefined));
    const { unmount } = renderWithProviders(<AuthImage src={PHOTO} alt="Meter" />);
    const image = await screen.findByRole('img', { name: 'Meter' });
    expect(image).toHaveAttribute('src', 'blob:image-1');
    const call = fetchMock.mock.calls.find(([url]) => url === PHOTO);
    expect(new Headers(call?.[1]?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(created[0]?.size).toBe(JPEG.length);
    unmount();
    expect(revoked).toEqual(['blob:image-1']);
  });

  it('fetches a URL once for every image showing it (TanStack Query caches the bytes)', async () => {
    const fetchMock = stubFetch((url) => (url === PHOTO ? imageAnswer() : undefined));
    renderWithProviders(
      <>
        <AuthImage src={PHOTO} alt="First" />
        <AuthImage src={PHOTO} alt="Second" />
      </>,
    );
    expect(await screen.findByRole('img', { name: 'First' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Second' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === PHOTO)).toHaveLength(1);
  });

  it('shows any other address as it is, without fetching it', () => {
    const fetchMock = stubFetch(() => undefined);
    renderWithProviders(<AuthImage src="https://example.com/me.png" alt="Outside" />);
    expect(screen.getByRole('img', { name: 'Outside' })).toHaveAttribute('src', 'https://example.com/me.png');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an avatar whose file is gone (404) keeps the initials', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderWithProviders(<UserAvatar firstName="Sara" lastName="Haddad" avatar={PHOTO} />);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === PHOTO).length).toBeGreaterThan(0));
    expect(screen.getByText('SH')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('ReadingPhotoThumb', () => {
  it('shows the thumbnail and opens the photo large in a dialog', async () => {
    stubFetch((url) => (url === PHOTO ? imageAnswer() : undefined));
    renderWithProviders(<ReadingPhotoThumb url={PHOTO} />);
    const open = screen.getByRole('button', { name: 'Show the photo of the meter' });
    await waitFor(() => expect(within(open).getByRole('presentation', { hidden: true })).toHaveAttribute('src', 'blob:image-1'));
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Photo of the meter' })).toHaveAttribute('src', 'blob:image-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deferred (a list of meters on a phone): fetches nothing until opened', async () => {
    const fetchMock = stubFetch((url) => (url === PHOTO ? imageAnswer() : undefined));
    renderWithProviders(<ReadingPhotoThumb url={PHOTO} isDeferred />);
    const open = screen.getByRole('button', { name: 'Show the photo of the meter' });
    expect(fetchMock.mock.calls.filter(([url]) => url === PHOTO)).toHaveLength(0);
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Photo of the meter' })).toHaveAttribute('src', 'blob:image-1');
    expect(fetchMock.mock.calls.filter(([url]) => url === PHOTO)).toHaveLength(1);
  });

  it('shows nothing for a reading without a photo', () => {
    stubFetch(() => undefined);
    renderWithProviders(<ReadingPhotoThumb url={null} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
