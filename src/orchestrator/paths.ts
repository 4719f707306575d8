// Where the orchestrator keeps its files (docs/orchestrator.md, "files"):
//   .claude/orchestrator/sessions/<hash>/{session.json,state.json}
//   .claude/orchestrator/sessions/<hash>/contracts/<R>/{explored,task-breakdown}.yaml
//   .claude/orchestrator/sessions/<hash>/contracts/<R>/<T>/{design-brief,design-contract}.yaml
//   .claude/orchestrator/sessions/<hash>/contracts/<R>/<T>/<S>/{test-contract,test-result}.yaml
//   .claude/orchestrator/knowledge/<hash>/knowledge.yaml
// <hash> = the first 8 hex digits of md5(resolved project root).
// Our own files (never inside the skill's folders) live under the data home:
//   <data home>/orchestrator/<hash>/ledger.json, backup/, merge/, archive/
import { createHash } from 'node:crypto';
import { join, relative, resolve } from 'node:path';
import { dataHome } from '../common/paths.js';

export const REQUEST_ID_RE = /^R[1-9][0-9]{0,5}$/;
/** Task and subtask ids become path parts: letters, digits, `_` and `-` only (T1, T1-S1). */
export const SAFE_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const CONTRACT_KINDS = [
  'explored',
  'task-breakdown',
  'design-brief',
  'design-contract',
  'test-contract',
  'test-result',
] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** Which level of the 3-tier hierarchy a contract kind lives on. */
export const CONTRACT_LEVEL: Record<ContractKind, 'request' | 'task' | 'subtask'> = {
  explored: 'request',
  'task-breakdown': 'request',
  'design-brief': 'task',
  'design-contract': 'task',
  'test-contract': 'subtask',
  'test-result': 'subtask',
};

export function isContractKind(v: string): v is ContractKind {
  return (CONTRACT_KINDS as readonly string[]).includes(v);
}

export function projectHash(projectRoot: string): string {
  return createHash('md5').update(resolve(projectRoot)).digest('hex').slice(0, 8);
}

export interface OrchPaths {
  projectRoot: string;
  hash: string;
  orchDir: string;
  sessionDir: string;
  sessionFile: string;
  stateFile: string;
  contractsDir: string;
  knowledgeDir: string;
  knowledgeFile: string;
  /** The user's template overrides: .claude/orchestrator/templates/<role>.md */
  templatesDir: string;
  /** The data home (root of our own files; it may itself be a symlink the user chose). */
  home: string;
  /** Our own folder for this project (data home): bookkeeping, backups, merge reports. */
  ownDir: string;
  ledgerFile: string;
  backupDir: string;
}

export function orchPaths(projectRoot: string, env: NodeJS.ProcessEnv = process.env): OrchPaths {
  const root = resolve(projectRoot);
  const hash = projectHash(root);
  const orchDir = join(root, '.claude', 'orchestrator');
  const sessionDir = join(orchDir, 'sessions', hash);
  const knowledgeDir = join(orchDir, 'knowledge', hash);
  const home = resolve(dataHome(env));
  const ownDir = join(home, 'orchestrator', hash);
  return {
    projectRoot: root,
    hash,
    orchDir,
    sessionDir,
    sessionFile: join(sessionDir, 'session.json'),
    stateFile: join(sessionDir, 'state.json'),
    contractsDir: join(sessionDir, 'contracts'),
    knowledgeDir,
    knowledgeFile: join(knowledgeDir, 'knowledge.yaml'),
    templatesDir: join(orchDir, 'templates'),
    home,
    ownDir,
    ledgerFile: join(ownDir, 'ledger.json'),
    backupDir: join(ownDir, 'backup'),
  };
}

export interface ContractIds {
  request: string;
  task?: string;
  subtask?: string;
}

/** Throws when an id cannot safely become a path part. */
export function checkIds(kind: ContractKind | 'request' | 'task' | 'subtask', ids: ContractIds): void {
  const level = kind === 'request' || kind === 'task' || kind === 'subtask' ? kind : CONTRACT_LEVEL[kind];
  if (!REQUEST_ID_RE.test(ids.request))
    throw new Error(`invalid request id "${ids.request}" (expected R<n>, e.g. R1)`);
  if (level === 'task' || level === 'subtask') {
    if (!ids.task || !SAFE_ID_RE.test(ids.task))
      throw new Error(`invalid or missing task id "${ids.task ?? ''}" (e.g. T1)`);
  }
  if (level === 'subtask') {
    if (!ids.subtask || !SAFE_ID_RE.test(ids.subtask))
      throw new Error(`invalid or missing subtask id "${ids.subtask ?? ''}" (e.g. T1-S1)`);
  }
}

export function requestDir(p: OrchPaths, request: string): string {
  checkIds('request', { request });
  return join(p.contractsDir, request);
}

export function contractPath(p: OrchPaths, kind: ContractKind, ids: ContractIds): string {
  checkIds(kind, ids);
  const level = CONTRACT_LEVEL[kind];
  const parts = [p.contractsDir, ids.request];
  if (level !== 'request') parts.push(ids.task as string);
  if (level === 'subtask') parts.push(ids.subtask as string);
  parts.push(`${kind}.yaml`);
  return join(...parts);
}

/** A path relative to the project root, for messages and template variables. */
export function rel(p: OrchPaths, file: string): string {
  const r = relative(p.projectRoot, file);
  return r && !r.startsWith('..') ? r : file;
}
