import type { AuditEntry } from '@meterline/contract/audit';
import type { Paginated } from '@meterline/contract/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Query } from '../lib/api-client';
import { auditKeys, type AuditQuery } from './query-keys';

export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<Paginated<AuditEntry>> {
  return apiClient.get<Paginated<AuditEntry>>('audit/', { query: query as Query, signal });
}

export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAudit(query: AuditQuery, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...auditQueryOptions(query), enabled: isEnabled });
}
