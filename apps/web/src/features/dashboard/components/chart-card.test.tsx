import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../i18n/index';
import { ChartCard } from './chart-card';

/** A chart whose code never arrives: it suspends like a lazy chunk still downloading. */
function ChartStillLoading(): never {
  throw new Promise(() => undefined);
}

function renderCard(children: React.ReactNode, state: { isLoading?: boolean } = {}) {
  initI18n('en');
  return render(
    <I18nextProvider i18n={i18next}>
      <ChartCard
        title="Invoices by status"
        isLoading={state.isLoading ?? false}
        isError={false}
        isEmpty={false}
        onRetry={() => undefined}
        height={356}
      >
        {children}
      </ChartCard>
    </I18nextProvider>,
  );
}

const heightOf = (element: Element) => (element as HTMLElement).style.height || getComputedStyle(element).height;

describe('ChartCard (issue 18: nothing moves when a chart arrives)', () => {
  it('shows the skeleton of the chart’s height while the figures load', () => {
    renderCard(<p>chart</p>, { isLoading: true });
    expect(heightOf(screen.getByLabelText('Loading…'))).toBe('356px');
  });

  it('keeps the same skeleton while the chart’s own code loads, instead of collapsing to nothing', () => {
    renderCard(<ChartStillLoading />);
    expect(heightOf(screen.getByLabelText('Loading…'))).toBe('356px');
  });

  it('reserves the height around the chart once it shows', () => {
    renderCard(<p>chart</p>);
    const body = screen.getByText('chart').parentElement!;
    expect(getComputedStyle(body).minHeight).toBe('356px');
  });
});
