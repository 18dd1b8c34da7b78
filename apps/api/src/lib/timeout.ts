/** The work did not settle within its time (`within`); the work itself goes on, unobserved. */
export class TimeoutError extends Error {
  constructor(milliseconds: number) {
    super(`no answer within ${milliseconds} ms`);
  }
}

/** The work's value, or a TimeoutError once `milliseconds` have passed (checks that must answer fast). */
export async function within<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(milliseconds)), milliseconds);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
