import { normalizeDigits } from '@meterline/contract/digits';
import { useParams } from 'react-router';

/** A positive integer id from the route (`/tenants/:tenantId`), else 0 (the page shows its failure text). */
export function useIdParam(name: string): number {
  const value = normalizeDigits(useParams()[name] ?? '');
  return /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : 0;
}
