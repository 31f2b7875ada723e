import { readFile } from 'node:fs/promises';

// Reads a V8 .cpuprofile (what `node --cpu-prof` and the inspector's Profiler write) into the figures the
// command budget prints: self time by package, the top functions, and CPU per stage of a command.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Share {
  name: string;
  /** Milliseconds of samples. */
  ms: number;
}

export interface ProfileSummary {
  /** Milliseconds sampled in all, idle excluded. */
  busyMs: number;
  packages: Share[];
  functions: Share[];
  stages: Share[];
}

/** The workspace or package a frame's code belongs to, from its script URL. */
export const packageOf = (frame: CallFrame): string => {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : `(native) ${functionName}`;
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (module) return module[1]!;
  if (url.startsWith('node:'))
    return `node:${url
      .slice(5)
      .replace(/^internal\//, '')
      .split('/')[0]!
      .replace(/_.*$/, '')}`;
  const workspace = /\/(contracts|services\/\w+|projections|tools\/bench)\/(?:src\/)?([^/]+)/.exec(url);
  if (workspace) return `app ${workspace[1]}${workspace[2]!.endsWith('.ts') ? '' : `/${workspace[2]}`}`;
  return url;
};

/**
 * Stages of a command, recognised from the innermost frame of the app's own code on the sampled
 * stack (so zod under the codec's encode counts as the append, under a route's schema as parsing);
 * a stack with no app frame is the HTTP server, the pg driver's socket reading, logging, GC or idle.
 */
const PROJECTIONS_STAGE = 'projections (runner, projectors, subscription)';

const APP_STAGES: ReadonlyArray<[stage: string, path: RegExp]> = [
  ['auth (token, session facts, rate limits)', /services\/api\/src\/auth\//],
  ['parse (JSON body, route schemas)', /services\/api\/src\/http\/(json-body|api-router)\.ts/],
  ['read-your-writes wait', /projections\/src\/progress\.ts/],
  ['answer (command answer)', /services\/api\/src\/commands\/command-answer\.ts/],
  ['load + decide (read stream, fold, decide)', /services\/api\/src\/commands\/|services\/domain\//],
  ['append (checked store, event store)', /services\/eventstore\/src\/(checked-event-store|postgres\/|event-ids|retry-rule)/],
  ['HTTP (app middleware)', /services\/api\/src\/http\//],
  ['route handlers (build command, shape answer)', /services\/api\/src\//],
];

const LIBRARY_STAGES: ReadonlyArray<[stage: string, path: RegExp]> = [
  ['pg driver (socket, protocol)', /node_modules\/(pg|pg-protocol|pg-types|pg-pool)\//],
  ['logging (pino)', /node_modules\/(pino|pino-std-serializers|sonic-boom)\//],
  ['HTTP (node, koa)', /node_modules\/(koa|@koa|koa-compose|koa-compress)\/|^node:(_http|http|net|internal\/(http|stream|streams|net))/],
];

// Contracts (schemas, codec) are left out: they run for whichever stage called them.
const APP_CODE = /\/(services\/[\w-]+|projections)\/src\//;
const PROJECTIONS = /projections\/src\/|services\/eventstore\/src\/(subscription-loop|pg-listener|wake-signal)/;

const stageOf = (stack: readonly CallFrame[]): string => {
  const leaf = stack[0]!;
  if (leaf.url === '' && ['(garbage collector)', '(idle)', '(program)'].includes(leaf.functionName)) return leaf.functionName;
  // A projector's stack may pass through domain code (points rules): the runner at its root decides.
  if (stack.some((frame) => PROJECTIONS.test(frame.url) && !frame.url.includes('progress.ts'))) return PROJECTIONS_STAGE;
  const app = stack.find((frame) => !frame.url.includes('node_modules') && APP_CODE.test(frame.url));
  if (app) return APP_STAGES.find(([, path]) => path.test(app.url))?.[0] ?? 'other app code';
  for (const frame of stack) for (const [stage, path] of LIBRARY_STAGES) if (path.test(frame.url)) return stage;
  return 'other (node internals, timers)';
};

const sorted = (shares: Map<string, number>, top: number): Share[] =>
  [...shares.entries()]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top);

export const summariseProfile = async (profilePath: string, top = 15): Promise<ProfileSummary> => {
  const profile = JSON.parse(await readFile(profilePath, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = new Map<number, CallFrame[]>();
  const stack = (id: number): CallFrame[] => {
    let frames = stackOf.get(id);
    if (!frames) {
      frames = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = byId.get(at)!.callFrame;
        if (frame.functionName !== '(root)') frames.push(frame);
      }
      stackOf.set(id, frames);
    }
    return frames;
  };

  const packages = new Map<string, number>();
  const functions = new Map<string, number>();
  const stages = new Map<string, number>();
  let busyMs = 0;
  const add = (shares: Map<string, number>, name: string, ms: number) => shares.set(name, (shares.get(name) ?? 0) + ms);
  // timeDeltas[i] is the time since the previous sample: sample i ran for timeDeltas[i + 1].
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const frames = stack(profile.samples[i]!);
    const leaf = frames[0];
    if (!leaf || leaf.functionName === '(idle)') continue;
    busyMs += ms;
    add(packages, packageOf(leaf), ms);
    const where = leaf.url === '' ? '' : ` ${leaf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/[^/]+\/[^/]+\//, '')}:${leaf.lineNumber + 1}`;
    add(functions, `${leaf.functionName || '(anonymous)'}${where}`, ms);
    add(stages, stageOf(frames), ms);
  }
  return { busyMs, packages: sorted(packages, top), functions: sorted(functions, top), stages: sorted(stages, 20) };
};
