import { fork, type ChildProcess } from 'node:child_process';

/**
 * A server the bench runs in a process of its own (the budget server, the bare HTTP INSERT server),
 * spoken to over IPC: `next(type)` waits for its next message of that type, `send` asks it something,
 * `stop` asks it to stop and kills it if it has not within 15 s.
 */
export interface ForkedServer<Message> {
  child: ChildProcess;
  next(type: string): Promise<Record<string, unknown>>;
  send(message: Message): void;
  stop(stopMessage: Message): Promise<void>;
}

/** Forks `module` (a TypeScript file beside this one, run through tsx); the promise settles with its 'ready' message, or fails if it exits first. */
export const forkServer = <Message extends object>(
  module: string,
  args: string[],
  name: string,
): Promise<{ server: ForkedServer<Message>; ready: Record<string, unknown> }> =>
  new Promise((resolve, reject) => {
    const child = fork(new URL(module, import.meta.url).pathname, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code) => reject(new Error(`the ${name} exited with ${code} before serving`)));
    const next = (type: string): Promise<Record<string, unknown>> =>
      new Promise((done) => {
        const listener = (message: Record<string, unknown>) => {
          if (message.type !== type) return;
          child.off('message', listener);
          done(message);
        };
        child.on('message', listener);
      });
    const send = (message: Message) => void child.send(message);
    const server: ForkedServer<Message> = {
      child,
      next,
      send,
      async stop(stopMessage) {
        send(stopMessage);
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(killer);
      },
    };
    void next('ready').then((ready) => resolve({ server, ready }));
  });
