// The orch commands' argument parsers: names only, so declaring the commands loads no schema.
import { InvalidArgumentError } from 'commander';
import { isRole, ROLES, type Role } from '../../../common/roles.js';
import {
  KNOWLEDGE_FIELDS,
  TASK_STATUS,
  type KnowledgeField,
  type TaskStatus,
} from '../../../orchestrator/names.js';
import { CONTRACT_KINDS, isContractKind, type ContractKind } from '../../../orchestrator/paths.js';

export const roleArg = (v: string): Role => {
  if (!isRole(v)) throw new InvalidArgumentError(`one of ${ROLES.join(', ')}`);
  return v;
};
export const kindArg = (v: string): ContractKind => {
  if (!isContractKind(v)) throw new InvalidArgumentError(`one of ${CONTRACT_KINDS.join(', ')}`);
  return v;
};
export const fieldArg = (v: string): KnowledgeField => {
  if (!(KNOWLEDGE_FIELDS as readonly string[]).includes(v))
    throw new InvalidArgumentError(KNOWLEDGE_FIELDS.join(', '));
  return v as KnowledgeField;
};
export const statusArg = (v: string): TaskStatus => {
  if (!(TASK_STATUS as readonly string[]).includes(v)) throw new InvalidArgumentError(TASK_STATUS.join(', '));
  return v as TaskStatus;
};
