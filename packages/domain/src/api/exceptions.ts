import type { Call } from '../call.ts';
import { ExceptionSettings, ExceptionSummaryResponse } from '../exceptions.ts';

const tag = 'exceptions';

/** Today's exception counts, and the rules that decide them. */
export const EXCEPTION_CALLS = {
  getExceptionSummary: {
    method: 'GET',
    path: '/api/Exceptions/summary',
    tag,
    who: 'signed-in',
    summary: 'How many visible line items have each exception today',
    description:
      'How many of the line items this user sees have each exception today (UTC). ' +
      'GET /api/LineItems?exception=<kind>[,<kind>] lists them.',
    response: ExceptionSummaryResponse,
  },
  getExceptionSettings: {
    method: 'GET',
    path: '/api/Exceptions/settings',
    tag,
    who: 'signed-in',
    summary: 'The exception rules',
    description: 'The exception rules: the ETA slip threshold in days, and the documents each Mode requires.',
    response: ExceptionSettings,
  },
  saveExceptionSettings: {
    method: 'POST',
    path: '/api/Exceptions/settings',
    tag,
    who: 'Admin',
    summary: 'Replace the exception rules (Admin)',
    description: "Replace the exception rules (Admin). Mode '*' applies to every mode.",
    body: ExceptionSettings,
    response: ExceptionSettings,
  },
} as const satisfies Record<string, Call>;
