// The store on the skill's files (#14.3): backups of session.json / state.json in OUR folder on
// every CLI write (never next to the skill's files), a corrupt file read from that backup with a
// warning; state references checked; YAML errors with file and line; secrets never on disk;
// validate with template overrides.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRoleContext } from '../../src/orchestrator/context.js';
import { addKnowledge, initSession, recordContract, validateAll } from '../../src/orchestrator/ops.js';
import { contractPath } from '../../src/orchestrator/paths.js';
import {
  backupFile,
  readContract,
  readKnowledge,
  readSession,
  readState,
} from '../../src/orchestrator/file-store.js';
import {
  fixtureText,
  makeProject,
  realProject,
  setState,
  write,
  type Fixture,
} from '../helpers/orch-fixtures.js';

let f: Fixture;
afterEach(() => f?.cleanup());

describe('#14.3 backups of session.json / state.json live in our folder', () => {
  it('each CLI write keeps the previous valid version in the data home; the skill’s folder gets no .bak', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'one' });
    await initSession(f.env, { request: 'two' }); // resumes: a new request, state rewritten
    expect(readdirSync(f.p.sessionDir).sort()).toEqual(['contracts', 'session.json', 'state.json']);
    const bak = backupFile(f.p, f.p.stateFile);
    expect(bak.startsWith(f.p.ownDir)).toBe(true);
    expect(JSON.parse(readFileSync(bak, 'utf8')).request.original_request).toBe('one');
  });

  it('a corrupt state.json is read from our backup, with a warning that reaches the context', async () => {
    f = makeProject();
    await initSession(f.env, { request: 'one' });
    await initSession(f.env, { request: 'two' });
    writeFileSync(f.p.stateFile, '{"version": 2, "request": ');
    const r = readState(f.p)!;
    expect(r.fromBackup).toBe(true);
    expect(r.problem).toMatch(/state\.json is corrupt \(invalid JSON .*\); using self-gen's backup/);
    const c = await buildRoleContext(f.orchEnv, { role: 'planner', memory: false });
    expect(c.warnings.join('\n')).toMatch(/state\.json is corrupt/);
    expect(c.vars.user_request).toBe('one'); // the backup is the previous version
  });

  it('corrupt without a backup: an error naming the file and the fix', () => {
    f = realProject();
    writeFileSync(f.p.sessionFile, '{}');
    expect(() => readSession(f.p)).toThrow(/session\.json: version: required/);
  });

  it('state.json references are checked (request.current_task, current_subtask, subtask_order)', () => {
    f = realProject();
    setState(f, (s) => {
      s.request.current_task = 'T7';
      s.tasks.T1!.current_subtask = 'T1-S9';
      s.tasks.T1!.subtask_order.push('T1-S8');
    });
    expect(() => readState(f.p)).toThrow(
      /request\.current_task: task "T7" is not in tasks[\s\S]*tasks\.T1\.subtask_order\[2\]: subtask "T1-S8"[\s\S]*tasks\.T1\.current_subtask: subtask "T1-S9"/,
    );
  });
});

describe('YAML, knowledge, secrets, validate', () => {
  it('invalid YAML names the file and the line', async () => {
    f = realProject();
    write(f.p.sessionDir, 'contracts/R1/explored.yaml', 'version: 1\nrequest_id: [R1\n');
    await expect(readContract(f.p, 'explored', { request: 'R1' })).rejects.toThrow(
      /explored\.yaml: invalid YAML at line \d/,
    );
  });

  it('knowledge entries are written in the skill’s format (patterns by topic, D<n>, P<n>)', async () => {
    f = realProject();
    expect(await addKnowledge(f.env, 'patterns', 'use Result', { topic: 'errors' })).toBe('errors');
    expect(
      await addKnowledge(f.env, 'decisions', 'fixed window', {
        topic: 'rate',
        rationale: 'simple',
        refs: ['a.js'],
      }),
    ).toBe('D2');
    expect(await addKnowledge(f.env, 'pitfalls', 'clock is fixed', { reason: 'stubbed' })).toBe('P3');
    const k = (await readKnowledge(f.p, 'strict'))!;
    expect(k.patterns.errors).toBe('use Result');
    expect(k.patterns.naming).toEqual({ methods: 'camelCase', files: 'kebab-case' }); // kept
    expect(k.decisions[1]).toMatchObject({
      id: 'D2',
      topic: 'rate',
      decision: 'fixed window',
      rationale: 'simple',
      refs: ['a.js'],
    });
    expect(k.pitfalls[2]).toEqual({ id: 'P3', description: 'clock is fixed', reason: 'stubbed' });
    await expect(addKnowledge(f.env, 'patterns', 'x')).rejects.toThrow(/a pattern needs a topic/);
  });

  it('secrets in recorded contracts and requests never reach disk', async () => {
    f = makeProject();
    const key = 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789';
    await initSession(f.env, { request: `use ${key} for the API` });
    const explored = fixtureText(f, 'contracts/R1/explored.yaml').replace('login handler', `token=${key}`);
    await recordContract(f.env, 'explored', explored);
    expect(readFileSync(f.p.stateFile, 'utf8')).not.toContain(key);
    const file = contractPath(f.p, 'explored', { request: 'R1' });
    expect(readFileSync(file, 'utf8')).not.toContain(key);
    expect(readFileSync(file, 'utf8')).toContain('[REDACTED');
  });

  it('validate: a clean real session has no issues; template overrides are checked', async () => {
    f = realProject();
    let r = await validateAll(f.env);
    expect(r.issues).toEqual([]);
    write(
      f.root,
      '.claude/orchestrator/templates/implementer.md',
      '{{design_contract}} {{design_brief}} {{typo_var}}',
    );
    r = await validateAll(f.env);
    expect(r.issues.map((i) => `${i.field}: ${i.message}`)).toEqual(['{{typo_var}}: unknown variable']);
    expect(r.warnings.join('\n')).toContain(
      '{{design_brief}} is not part of the implementer context and renders empty',
    );
    expect(existsSync(join(f.p.sessionDir, 'session.json.bak'))).toBe(false);
  });
});
