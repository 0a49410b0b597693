// Pure: an error the emulator answers with, and the error body of the contract
// (`{"code", "message", "errors": [{"name", "code", "message"}]}`).
import type { ErrorBody } from '../api/shapes.js';

export class HttpError extends Error {
  constructor(
    readonly status: number, readonly code: string, message: string,
    readonly field?: string, readonly headers: Record<string, string> = {},
  ) { super(message); }
}

export function errorBody(status: number, code: string, message: string, field?: string): ErrorBody {
  return { code: status, message, errors: [{ ...(field ? { name: field } : {}), code, message }] };
}
