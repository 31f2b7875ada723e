import { parseArgs } from 'node:util';
import { progressDisplay } from '@tracker/projections/rebuild/progress-display';
import { rebuildReadModels } from '@tracker/projections/rebuild/rebuild';
import { loadConfig } from '../config/config.ts';
import { openCliRuntime } from './cli-runtime.ts';

// npm run projections:rebuild [-- --projection NAME]: replays the log into fresh read-model tables
// and swaps them in while the app keeps serving (projections/src/rebuild/rebuild.ts).

const usage = 'Usage: npm run projections:rebuild [-- --projection NAME]';

const main = async (): Promise<number> => {
  let projection: string | undefined;
  try {
    projection = parseArgs({ options: { projection: { type: 'string' } }, strict: true }).values.projection;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const runtime = await openCliRuntime(loadConfig());
  const display = progressDisplay();
  try {
    const result = await rebuildReadModels({
      connectionString: runtime.databaseUrl,
      store: runtime.store,
      only: projection,
      onProgress: (progress) => display.update(progress),
    });
    display.finish();
    const seconds = result.elapsedMs / 1000;
    process.stdout.write(
      `rebuilt ${result.projectors.join(', ')} (${result.tables.join(', ')}) from ${result.events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s ` +
        `(${Math.round(result.events / seconds).toLocaleString('en-US')} events/s); swapped in at ${result.position}\n`,
    );
    return 0;
  } catch (error) {
    display.finish();
    console.error(`rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.cause) console.error(error.cause);
    return 1;
  } finally {
    await runtime.close();
  }
};

process.exitCode = await main();
