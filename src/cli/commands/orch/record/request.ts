// `self-gen orch record request <text>`: a new request in the active session.
import type { CommandSpec } from '../../../command-table.js';
import type { OrchRecordRequestOptions } from './request.run.js';

export const orchRecordRequestCommand: CommandSpec<[string], OrchRecordRequestOptions> = {
  name: 'request <text>',
  description: 'a new request in the active session: the next free R<n> (state.json starts over for it)',
  run: async (args, o) => (await import('./request.run.js')).runOrchRecordRequest(args, o),
};
