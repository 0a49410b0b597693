// Pure (reads schema/openapi.yaml once): every answer the emulator gives to an API operation,
// success, refusal or injected fault, must be one the contract declares: its status listed for
// that operation and its body matching the schema (the operation's for 200, Error otherwise).
import { checkContract, openapiDocument, type SchemaName } from '../schemas/contract.js';
import type { Operation } from './faults.js';

/** the operations of the reference; the emulator's own listing (list.ts) has no path there, only its schema */
const OPERATION_PATHS: Partial<Record<Operation, [string, string]>> = {
  write: ['/channel/{publicId}/template/{publicTemplateId}', 'post'],
  read: ['/channel/{publicId}/template/{publicTemplateId}', 'get'],
  send: ['/channel/{publicId}/conversation', 'post'],
  status: ['/chatapp-message-status/{clientMessageId}', 'get'],
};

let declared: Map<Operation, Set<number>> | undefined;

/** the statuses schema/openapi.yaml declares for an operation */
export function declaredStatuses(op: Operation): Set<number> {
  if (!declared) {
    const doc = openapiDocument() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    declared = new Map(Object.entries(OPERATION_PATHS).map(([o, [p, m]]) => [o as Operation, new Set(Object.keys(doc.paths[p]?.[m]?.responses ?? {}).map(Number))]));
  }
  return declared.get(op) ?? new Set();
}

/** why an answer breaks the contract, or undefined when it keeps it */
export function contractBreach(op: Operation | undefined, status: number, body: unknown, schema?: SchemaName): string | undefined {
  const path = op ? OPERATION_PATHS[op] : undefined;
  if (op && path && !declaredStatuses(op).has(status)) return `status ${status} is not declared for ${path[1].toUpperCase()} ${path[0]}`;
  const name: SchemaName = status === 200 && schema ? schema : 'Error';
  const v = checkContract(name, body);
  return v ? `its ${name} breaks the contract at ${v.path}: ${v.message}` : undefined;
}
