import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/test-render';
import { RecordState } from './record-state';

describe('RecordState', () => {
  it('announces loading as a status named "Loading…" (a label on a role-less box is an axe violation), then shows the record', () => {
    const { rerender } = renderWithProviders(
      <RecordState isPending error={null} onRetry={() => undefined}>
        <p>The record</p>
      </RecordState>,
    );
    const loading = screen.getByRole('status', { name: 'Loading…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('The record')).not.toBeInTheDocument();
    rerender(
      <RecordState isPending={false} error={null} onRetry={() => undefined}>
        <p>The record</p>
      </RecordState>,
    );
    expect(screen.getByText('The record')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
