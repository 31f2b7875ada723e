/** Runs the work it is given one piece at a time, in order; a failure does not stop the next. */
export const serialised = () => {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
};

export type Serialised = ReturnType<typeof serialised>;
