import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../i18n/index';
import { SessionProvider } from '../lib/session';
import { Money } from './money';

describe('Money', () => {
  it('keeps the minus in front, in a left-to-right isolate, in Arabic too', async () => {
    initI18n('ar');
    await i18next.changeLanguage('ar');
    const { container } = render(
      <I18nextProvider i18n={i18next}>
        <QueryClientProvider client={new QueryClient()}>
          <SessionProvider initialState={{ isLoggedIn: false, isInitialized: true, user: null }}>
            <Money amount="-12.50" currency="USD" />
          </SessionProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const bdi = container.querySelector('bdi')!;
    expect(bdi.getAttribute('dir')).toBe('ltr');
    expect(bdi.textContent).not.toMatch(/[\u061c\u200e\u200f]/);
    expect(bdi.textContent!.startsWith('-')).toBe(true);
    await i18next.changeLanguage('en');
  });
});
