// orchestrator_context: a role's context from the orchestrator part's own context builder.
import * as z from 'zod';
import { ROLES, buildRoleContext, OrchError } from '../../orchestrator/index.js';
import { line } from '../bound.js';
import { answer, defineTool, ToolError } from '../tool-contract.js';
import { getSection, loadConfig } from '../../common/config.js';

export const PART_CHARS = 6000;

export const orchestratorContext = defineTool({
  name: 'orchestrator_context',
  title: "A role's context in the orchestrator workflow",
  description:
    "The context (rendered prompt) of one role of the claude-devkit orchestrator skill's workflow in " +
    'this project (.claude/orchestrator/): the same text `self-gen orch context <role>` prints and the ' +
    'SubagentStart hook injects. The task defaults to state.json request.current_task, the subtask to ' +
    "that task's current_subtask. Long contexts come in parts of 6,000 characters (`part`, from 1). " +
    'Read-only.',
  shape: {
    role: z.enum(ROLES).describe('the role'),
    task: z.string().max(100).optional().describe('the task id (e.g. T2)'),
    subtask: z.string().max(100).optional().describe('the subtask id (e.g. T1-S2)'),
    part: z.number().int().min(1).max(100).optional().describe('which part of a long context (default 1)'),
  },
  readOnly: true,
  async run(a, d) {
    const cfgAll = loadConfig(d.env);
    const cfg = getSection(cfgAll, 'orchestrator');
    let ctx;
    try {
      ctx = await buildRoleContext(
        {
          projectRoot: d.project.path,
          projectName: d.project.name,
          cfg,
          locale: cfgAll.locale === 'en' ? 'en' : 'ko',
          db: d.db,
          env: d.env,
        },
        { role: a.role, task: a.task, subtask: a.subtask },
      );
    } catch (e) {
      if (e instanceof OrchError)
        throw new ToolError(line(e.message, 600), e.fix ?? 'check the files with `self-gen orch validate`');
      throw e;
    }
    const parts = Math.max(1, Math.ceil(ctx.text.length / PART_CHARS));
    const part = a.part ?? 1;
    if (part > parts) throw new ToolError(`the context has ${parts} part(s)`, `ask for part 1 to ${parts}`);
    return answer({
      role: ctx.role,
      ids: ctx.ids,
      part,
      parts,
      text: ctx.text.slice((part - 1) * PART_CHARS, part * PART_CHARS),
      warnings: ctx.warnings.map((w) => line(w, 300)).slice(0, 5),
    });
  },
});
