import type { User } from '@meterline/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/lib/session';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../shared/lib/test-render';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { userWithRole } from '../../../app/test-users';
import { ProfilePage } from './profile-page';

const AVATAR_PATH = '/api/auth/users/me/avatar/';
const UPLOADED = '/api/media/1-0123456789abcdef0123456789abcdef.png';

/** What the header's user menu shows: the signed-in user's avatar from the session. */
function HeaderAvatar() {
  const { user } = useSession();
  return (
    <div data-testid="header">
      <UserAvatar firstName={user?.first_name} lastName={user?.last_name} avatar={user?.avatar} />
    </div>
  );
}

const page = (
  <>
    <HeaderAvatar />
    <ProfilePage />
  </>
);

const saved = (avatar: string | null): User => {
  const { tenant: _tenant, ...user } = userWithRole('admin');
  return { ...user, tenant: 1, avatar };
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });

describe('profile picture (issue 17, item 7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no picture address field any more, but "Upload a picture" for image/png, image/jpeg and image/webp', () => {
    stubFetch(() => undefined);
    renderWithProviders(page, { path: '/users/profile' });
    expect(screen.queryByRole('textbox', { name: 'Picture address (URL)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a picture' })).toBeInTheDocument();
    expect(screen.getByTestId('avatar-input')).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it('uploads the chosen file at once as multipart `avatar`; the header shows the new picture; Remove takes it away', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === AVATAR_PATH && init.method === 'POST') return jsonResponse(200, saved(UPLOADED));
      if (url === AVATAR_PATH && init.method === 'DELETE') return new Response(null, { status: 204 });
      // The picture is fetched with the token (docs/security.md) and shown from an object URL.
      if (url === UPLOADED) return new Response(png(), { headers: { 'Content-Type': 'image/png' } });
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:avatar');
    URL.revokeObjectURL = vi.fn();
    renderWithProviders(page, { path: '/users/profile' });
    const header = screen.getByTestId('header');
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();

    await userEvent.upload(screen.getByTestId('avatar-input'), png());
    expect(await screen.findByText('Picture saved.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url, init]) => url === AVATAR_PATH && init?.method === 'POST');
    const body = post?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(await within(header).findByRole('img', { name: 'Sara Haddad' })).toHaveAttribute('src', 'blob:avatar');

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Picture removed. Your initials are shown.')).toBeInTheDocument();
    expect(within(header).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal (a text file named .png) in the user's language", async () => {
    stubFetch((url) =>
      url === AVATAR_PATH
        ? jsonResponse(400, {
            avatar: ['The picture must be a PNG, JPEG or WebP image.'],
            code: 'avatar_type',
            errors: [{ field: 'avatar', code: 'avatar_type', message: 'The picture must be a PNG, JPEG or WebP image.' }],
          })
        : undefined,
    );
    renderWithProviders(page, { path: '/users/profile', language: 'ar' });
    await userEvent.upload(screen.getByTestId('avatar-input'), new File(['just text'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('يجب أن تكون الصورة بصيغة PNG أو JPEG أو WebP.');
    expect(within(screen.getByTestId('header')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses another type or a file over 2 MB before sending anything', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderWithProviders(page, { path: '/users/profile' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByTestId('avatar-input'), new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture must be a PNG, JPEG or WebP image.');
    await user.upload(
      screen.getByTestId('avatar-input'),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is too large: at most 2 MB.');
    expect(fetchMock.mock.calls.filter(([url]) => url === AVATAR_PATH)).toEqual([]);
  });

  it('offers no upload to the superadmin, who has no client to keep the file', () => {
    stubFetch(() => undefined);
    renderWithProviders(page, { path: '/users/profile', role: 'superadmin' });
    expect(screen.queryByRole('button', { name: 'Upload a picture' })).not.toBeInTheDocument();
    expect(screen.getByText('Pictures can be uploaded by users of a client only.')).toBeInTheDocument();
  });
});
