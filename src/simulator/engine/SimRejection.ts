/**
 * A refusal the simulator answers with an error envelope: HTTP status, a readable or solver
 * code (`VALIDATION`, `4000`, …) and a message that names the field or rule. Never a secret.
 */
export class SimRejection extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'SimRejection';
    this.status = status;
    this.code = code;
  }
}

export const reject = {
  validation: (message: string) => new SimRejection(400, 'VALIDATION', message),
  business: (code: string, message: string) => new SimRejection(400, code, message),
  unauthorized: (message: string) => new SimRejection(401, 'UNAUTHORIZED', message),
  forbidden: (code: string, message: string) => new SimRejection(403, code, message),
  notFound: (message: string) => new SimRejection(404, 'NOT_FOUND', message),
} as const;
