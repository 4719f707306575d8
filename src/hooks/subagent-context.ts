// Hook handlers of this part (filled in by its issue).
import type { HandlerTable } from './types.js';

export const subagentContextHandlers: HandlerTable = {};
