// Hook handlers of this part (filled in by its issue).
import type { HandlerTable } from '../hooks/types.js';

export const analysisHandlers: HandlerTable = {};
