// Where self-generation keeps its data. Everything derives from the data home so tests can point
// SELF_GEN_HOME at a temporary folder.
import { homedir } from 'node:os';
import { join } from 'node:path';

export function dataHome(env: NodeJS.ProcessEnv = process.env): string {
  const override = env.SELF_GEN_HOME;
  if (override && override.trim()) return override;
  return join(env.HOME || homedir(), '.self-generation');
}

export interface Paths {
  home: string;
  dataDir: string;
  db: string;
  config: string;
  queueDir: string;
  logsDir: string;
  runDir: string;
  modelsDir: string;
  recoveryLog: string;
}

export function paths(env: NodeJS.ProcessEnv = process.env): Paths {
  const home = dataHome(env);
  const dataDir = join(home, 'data');
  return {
    home,
    dataDir,
    db: join(dataDir, 'self-gen.db'),
    config: join(home, 'config.json'),
    queueDir: join(dataDir, 'queue'),
    logsDir: join(home, 'logs'),
    runDir: join(home, 'run'),
    modelsDir: join(home, 'models'),
    recoveryLog: join(dataDir, 'recovery.log'),
  };
}
