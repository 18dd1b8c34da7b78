import type { ChannelSettings, Template } from '@meterline/contract/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubFetch, type FetchHandler } from '../../../shared/lib/test-render';
import { MessagesSettings } from './messages-settings';

const channel = (overrides: Partial<ChannelSettings> & Pick<ChannelSettings, 'channel' | 'provider'>): ChannelSettings => ({
  enabled: false,
  test_mode: true,
  sender: '',
  endpoint_url: '',
  has_credentials: false,
  callback_url: '',
  updated_at: null,
  ...overrides,
});

const CHANNELS: ChannelSettings[] = [
  channel({ channel: 'email', provider: 'smtp', sender: 'billing@example.com' }),
  channel({
    channel: 'whatsapp',
    provider: 'whatsapp_cloud',
    enabled: true,
    sender: '1234567890',
    endpoint_url: 'https://graph.facebook.com/v20.0/1234567890',
    has_credentials: true,
    callback_url: 'https://meterline.example/api/notifications/callback/whatsapp/t0k3n/',
    updated_at: '2026-12-01T09:00:00Z',
  }),
  channel({ channel: 'sms', provider: 'http_sms' }),
];

const TEMPLATES: Template[] = [
  {
    kind: 'bill_issued',
    text_en: '',
    text_ar: 'مرحبا {name}',
    default_en: 'Dear {name}, your bill is {amount}.',
    default_ar: 'عزيزنا {name}، فاتورتكم {amount}.',
    whatsapp_template: '',
  },
];

interface Sent {
  url: string;
  method: string;
  body: Record<string, unknown>;
}

function renderMessages(handler: FetchHandler = () => undefined, { language = 'en' as 'en' | 'ar' } = {}) {
  const sent: Sent[] = [];
  stubFetch(async (url, init) => {
    if (init.method !== 'GET') sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url === '/api/notifications/channels/') return jsonResponse(200, { results: CHANNELS });
    if (url === '/api/notifications/templates/') return jsonResponse(200, { results: TEMPLATES });
    const put = /^\/api\/notifications\/channels\/(\w+)\/$/.exec(url);
    if (put && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      const saved = CHANNELS.find((each) => each.channel === put[1]);
      return jsonResponse(200, {
        ...saved,
        ...body,
        has_credentials: 'credentials' in body ? body.credentials !== '' : saved?.has_credentials,
      });
    }
    return jsonResponse(404, { detail: 'Not found.', code: 'not_found' });
  });
  renderWithProviders(<MessagesSettings />, { path: '/settings#messages', language });
  return sent;
}

const card = async (name: string) => screen.findByRole('form', { name });

describe('settings: messages, a channel’s card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the saved credentials when their field is left empty: the body has no `credentials`', async () => {
    const sent = renderMessages();
    const whatsapp = await card('WhatsApp');
    expect(within(whatsapp).getByText('Saved. Leave empty to keep it; what you type replaces it.')).toBeInTheDocument();
    expect(within(whatsapp).getByLabelText('Password or API key')).toHaveValue('');
    const sender = within(whatsapp).getByRole('textbox', { name: 'Sender' });
    await userEvent.clear(sender);
    await userEvent.type(sender, '555');
    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/notifications/channels/whatsapp/',
      method: 'PUT',
      body: {
        enabled: true,
        test_mode: true,
        provider: 'whatsapp_cloud',
        sender: '555',
        endpoint_url: 'https://graph.facebook.com/v20.0/1234567890',
      },
    });
    expect(await screen.findByText('Settings of WhatsApp saved.')).toBeInTheDocument();
  });

  it('sends the credentials typed, and an empty text when the user removes the saved ones', async () => {
    const sent = renderMessages();
    const sms = await card('SMS');
    expect(within(sms).getByText('None saved yet.')).toBeInTheDocument();
    await userEvent.click(within(sms).getByRole('switch', { name: 'Send through this channel' }));
    await userEvent.type(within(sms).getByRole('textbox', { name: 'Server or endpoint URL' }), 'https://sms.example/send');
    await userEvent.type(within(sms).getByLabelText('Password or API key'), 's3cret-key');
    await userEvent.click(within(sms).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      enabled: true,
      test_mode: true,
      provider: 'http_sms',
      sender: '',
      endpoint_url: 'https://sms.example/send',
      credentials: 's3cret-key',
    });
    // Saved: the field is empty again, and says a key is kept.
    await waitFor(() => expect(within(sms).getByLabelText('Password or API key')).toHaveValue(''));
    expect(within(sms).getByText('Saved. Leave empty to keep it; what you type replaces it.')).toBeInTheDocument();

    const whatsapp = await card('WhatsApp');
    // Asked to remove, then kept: nothing to save.
    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Remove the saved key' }));
    expect(within(whatsapp).getByRole('button', { name: 'Save' })).toBeEnabled();
    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Keep the saved key' }));
    expect(within(whatsapp).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Remove the saved key' }));
    expect(within(whatsapp).getByText('Will be removed when you save.')).toBeInTheDocument();
    await userEvent.click(within(whatsapp).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ credentials: '' });
  });

  it('puts a server refusal on its field', async () => {
    renderMessages((url, init) =>
      url === '/api/notifications/channels/email/' && init.method === 'PUT'
        ? jsonResponse(400, {
            code: 'invalid',
            sender: ['Enter a valid email address.'],
            errors: [{ field: 'sender', code: 'invalid_email', message: 'Enter a valid email address.' }],
          })
        : undefined,
    );
    const email = await card('E-mail');
    await userEvent.click(within(email).getByRole('switch', { name: 'Send through this channel' }));
    await userEvent.click(within(email).getByRole('button', { name: 'Save' }));
    const sender = within(email).getByRole('textbox', { name: 'Sender' });
    await waitFor(() => expect(sender).toHaveAttribute('aria-invalid', 'true'));
    expect(within(email).getByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('offers only the channel’s providers and shows the callback address to copy', async () => {
    renderMessages();
    const whatsapp = await card('WhatsApp');
    expect(within(whatsapp).getByDisplayValue(CHANNELS[1]!.callback_url)).toHaveAttribute('readonly');
    expect(within(whatsapp).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    await userEvent.click(within(whatsapp).getByRole('combobox', { name: 'Provider' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['WhatsApp Cloud API']);
  });

  it('sends a test message to the address typed, and says when the provider refused it', async () => {
    const answers = [
      { status: 'failed', error: 'SMTP 535: authentication failed' },
      { status: 'sent', error: null },
    ];
    const sent = renderMessages((url, init) =>
      url === '/api/notifications/channels/email/test/' && init.method === 'POST'
        ? jsonResponse(201, { message: { id: 1, channel: 'email', kind: 'test', ...answers.shift() } })
        : undefined,
    );
    const email = await card('E-mail');
    await userEvent.click(within(email).getByRole('button', { name: 'Send a test message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test message by E-mail' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-mail address' }), 'me@example.com');
    await userEvent.click(send);
    expect(await within(dialog).findByText('The test message failed: SMTP 535: authentication failed')).toBeInTheDocument();
    await userEvent.click(send);
    expect(await screen.findByText('Test message handed over: Sent.')).toBeInTheDocument();
    const test = { url: '/api/notifications/channels/email/test/', method: 'POST', body: { to: 'me@example.com' } };
    expect(sent).toEqual([test, test]);
  });
});

describe('settings: message texts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the built-in text when a text is empty, writes Arabic right to left, and saves', async () => {
    const sent = renderMessages((url, init) =>
      url === '/api/notifications/templates/bill_issued/' && init.method === 'PUT'
        ? jsonResponse(200, { ...TEMPLATES[0], ...(JSON.parse(String(init.body)) as object) })
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'New bill' }));
    const template = within(screen.getByRole('button', { name: 'New bill' }).closest<HTMLElement>('[data-kind]')!);
    const english = await template.findByRole('textbox', { name: 'Text in English' });
    expect(english).toHaveValue('');
    expect(english).toHaveAttribute('placeholder', 'Dear {name}, your bill is {amount}.');
    expect(template.getByText('The built-in text is used.')).toBeInTheDocument();
    const arabic = template.getByRole('textbox', { name: 'Text in Arabic' });
    expect(arabic).toHaveAttribute('dir', 'rtl');
    // The kind's placeholders are listed.
    expect(template.getByText('{link}')).toBeInTheDocument();
    expect(template.queryByText('{receipt_number}')).not.toBeInTheDocument();
    await userEvent.click(template.getByRole('button', { name: 'Use the built-in text' }));
    expect(arabic).toHaveValue('');
    await userEvent.type(english, 'Hi {{name}');
    await userEvent.click(template.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/notifications/templates/bill_issued/',
      method: 'PUT',
      body: { text_en: 'Hi {name}', text_ar: '', whatsapp_template: '' },
    });
  });

  it('shows its labels in Arabic', async () => {
    renderMessages(undefined, { language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'الرسائل' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'واتساب' })).toBeInTheDocument();
  });
});
