import { jobEndpoints } from '@meterline/contract/endpoints/jobs';
import { ACTIVE_JOB_STATES } from '@meterline/contract/job-states';
import type { Job, JobStarted } from '@meterline/contract/jobs';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, type Query } from '../lib/api-client';
import { jobKeys } from './query-keys';
import { openDocument } from './open-document';

/** How often a queued or running job is read again (its progress bar); a finished one is not. */
export const JOB_POLL_MS = 1000;

export const isJobActive = (job: Pick<Job, 'state'> | undefined): boolean =>
  job !== undefined && (ACTIVE_JOB_STATES as readonly string[]).includes(job.state);

/** How a job is read: at `jobs/{id}/`, or at its own kind's address (an export: `exportEndpoints.get`, under its service). */
type ReadJob = (id: number, signal: AbortSignal) => Promise<Job>;

/** A job at `jobs/{id}/`. */
function getJob(id: number, signal: AbortSignal): Promise<Job> {
  return callEndpoint(jobEndpoints.get, { params: { id }, signal });
}

/** One job, read again every JOB_POLL_MS while it is queued or running. */
const jobQueryOptions = (id: number, read: ReadJob = getJob) =>
  queryOptions({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => read(id, signal),
    refetchInterval: (query) => (isJobActive(query.state.data) ? JOB_POLL_MS : false),
  });

export function useJob(id: number | null, read?: ReadJob) {
  return useQuery({ ...jobQueryOptions(id ?? 0, read), enabled: id !== null });
}

function getJobs(query: Query, signal?: AbortSignal) {
  return callEndpoint(jobEndpoints.list, { params: {}, query, signal });
}

/** The tenant's jobs, newest first; read again while any of the page is queued or running. */
export function useJobs(query: Query) {
  return useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) => getJobs(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (state) => (state.state.data?.results.some((job) => isJobActive(job)) ? JOB_POLL_MS : false),
  });
}

export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(jobEndpoints.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

/** The job a start answered (202 `{job}`), put in the cache so its progress shows at once. */
export function rememberStartedJob(queryClient: ReturnType<typeof useQueryClient>, started: JobStarted): Job {
  queryClient.setQueryData(jobKeys.detail(started.job.id), started.job);
  void queryClient.invalidateQueries({ queryKey: jobKeys.lists() });
  return started.job;
}

/** A done job's document (the bulk statements) in a new tab, like every printed document. */
export function openJobDocument(job: Pick<Job, 'id' | 'kind'>): Promise<void> {
  return openDocument(`jobs/${job.id}/file/`, {}, `${job.kind}-${job.id}`);
}
