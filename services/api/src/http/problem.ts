import type { ProblemDocument } from '@tracker/contracts/common/problem';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const problem = (
  status: number,
  message: string,
  code: string,
  extra: Partial<Pick<ProblemDocument, 'errors' | 'requestId'>> = {},
): ProblemDocument => ({
  type: 'about:blank',
  title: titles[status] ?? 'Error',
  status,
  detail: message,
  message,
  code,
  ...extra,
});

/** An error that already knows its HTTP answer (outside the domain: rate limits, body size…). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
