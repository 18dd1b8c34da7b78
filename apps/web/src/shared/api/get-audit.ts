import { auditEndpoints } from '@meterline/contract/endpoints/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { auditKeys, type AuditQuery } from './query-keys';

export function getAudit(query: AuditQuery, signal?: AbortSignal) {
  return callEndpoint(auditEndpoints.list, { params: {}, query: query as Query, signal });
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
