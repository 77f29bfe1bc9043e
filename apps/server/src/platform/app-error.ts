import { ERRORS, type ErrorCode } from '@tessera/contract';

/** A failure the client caused or must be told about; answered with the code's status and translated message. */
export class AppError extends Error {
  readonly status: number;
  /** fields: per-field message keys of FIELD_ERRORS, error codes (the field says the code's message), or messages already translated. */
  /** until: when the refused action is possible again (a limit's window, a time-out), told in the message and the envelope. */
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    readonly until?: Date,
  ) {
    super(code);
    this.status = ERRORS[code].status;
  }
}

/** The value, or a not_found refusal when there is none. */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new AppError('not_found');
  return value;
}
