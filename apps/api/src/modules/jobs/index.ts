/** What other modules may use of `jobs`: they import it from here, never from its files. */
export { jobParamsOf, toJob } from './jobs.service';
export type { JobHandler, JobService } from './jobs.service';
