import { z } from 'zod';
import { NUL_MESSAGE, noNul } from './fields.ts';
import { COLUMN_KEYS, REPORT_COLUMNS, DENSITIES as VIEW_DENSITIES } from './line-item-columns.ts';
import { LineItemQuery } from './line-item-query.ts';

// Named dashboard views: a search with its filters, sort, columns and page size, kept on
// the server under a name, private or shared with the owner's own people (staff with staff, a
// forwarder company with its own people); a shared view is a link. SPEC.md's per-user saved view
// stays in the browser beside them.

export const MAX_VIEW_NAME = 100;
export const MAX_VIEWS_PER_USER = 100;
export { DENSITIES as VIEW_DENSITIES, type Density as ViewDensity } from './line-item-columns.ts';

/** Longer than any valid query part (20 filters of 200-character values): stops a padded one filling the database. */
const MAX_QUERY_PART = 10_000;

// The server's answers that a client may show as they are.
export const VIEW_NOT_FOUND = 'View not found';
export const VIEW_NAME_REQUIRED = 'Name the view.';
export const viewNameTaken = (name: string) => `You already have a view named “${name}”. Choose another name.`;
export const VIEW_LIMIT_REACHED = `You have ${MAX_VIEWS_PER_USER} views, the most one person can keep. Delete one to save another.`;
export const ONLY_OWNER_CHANGES_VIEW = 'Only the person who saved this view can change or delete it.';
export const ORGANISATION_DEFAULT_FORBIDDEN = 'Only an administrator can set the organisation’s default view.';
export const ORGANISATION_DEFAULT_NOT_SHARED =
  'The organisation’s default view must be a view of staff shared with staff. Share it first.';

/** The rules a view's query follows: the dashboard's own (GET /api/LineItems), paging aside. */
const ViewQueryRules = LineItemQuery.pick({
  q: true,
  filters: true,
  logic: true,
  sort: true,
  pageSize: true,
  report: true,
  exception: true,
  missingDocument: true,
});

/** An object's own message when it is not one, or has fields it does not know: naming those it has. */
const shapeError = (what: string, has: string) => (issue: z.core.$ZodRawIssue) => {
  if (issue.code === 'unrecognized_keys')
    return `${what} has no ${issue.keys.map((key) => key.slice(0, 40)).join(', ')}: it ${has}.`;
  if (issue.code === 'invalid_type') return `${what} must be an object: it ${has}.`;
  return undefined;
};

const queryPart = (name: string, description: string) =>
  z
    .string({ error: `${name} must be text, as in the dashboard's address.` })
    .max(MAX_QUERY_PART, `${name} is too long.`)
    .optional()
    .describe(description);

/** The dashboard's query in its wire form: each part a string exactly as its address (and GET /api/LineItems) has it. */
export const ViewQuery = z.strictObject(
  {
    q: queryPart('q', 'Search text'),
    filters: queryPart('filters', 'JSON array of {column, operator, value}'),
    logic: queryPart('logic', 'AND or OR'),
    sort: queryPart('sort', 'JSON array of {key, direction}, in priority order'),
    pageSize: queryPart('pageSize', 'Rows per page'),
    report: queryPart('report', 'default or dr'),
    exception: queryPart('exception', 'Exception kinds, comma-separated'),
    missingDocument: queryPart('missingDocument', 'A document type the line items lack'),
  },
  {
    error: shapeError("A view's query", 'keeps q, filters, logic, sort, pageSize, report, exception, missingDocument'),
  },
);
export type ViewQuery = z.infer<typeof ViewQuery>;

const columnKey = z.enum(COLUMN_KEYS, { error: (issue) => `Unknown column: ${String(issue.input).slice(0, 40)}.` });

export const ViewRequest = z
  .strictObject(
    {
      name: z
        .string({ error: VIEW_NAME_REQUIRED })
        .trim()
        .max(MAX_VIEW_NAME, `A view's name must be at most ${MAX_VIEW_NAME} characters.`)
        .refine(noNul, NUL_MESSAGE)
        .refine((name) => name !== '', VIEW_NAME_REQUIRED),
      shared: z
        .boolean({ error: 'shared is true or false.' })
        .default(false)
        .describe("Shared with the owner's own people: every staff user, or the owner's forwarder company"),
      query: ViewQuery.default({}),
      columns: z
        .array(columnKey)
        .min(1, 'Show at least one column.')
        .refine((keys) => new Set(keys).size === keys.length, 'Show each column at most once.')
        .nullable()
        .default(null)
        .describe("The columns shown, in order; null: the table's usual columns for the report"),
      density: z.enum(VIEW_DENSITIES, { error: 'density is compact or comfortable.' }).default('compact'),
    },
    { error: shapeError('A view', 'has name, shared, query, columns, density') },
  )
  .superRefine((view, context) => {
    // The same rules as the dashboard's own query string.
    const query = ViewQueryRules.safeParse(view.query);
    if (!query.success) {
      for (const issue of query.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: ['query', ...issue.path] });
      return;
    }
    const { report } = query.data;
    const stray = view.columns?.find((key) => !REPORT_COLUMNS[report].includes(key));
    if (stray !== undefined)
      context.addIssue({
        code: 'custom',
        message: `The ${report === 'dr' ? 'DR' : 'Default'} report has no column ${stray}.`,
        path: ['columns'],
      });
  });
export type ViewRequest = z.infer<typeof ViewRequest>;

const viewId = z.number().int().describe('Id of a view');

export const View = z.object({
  id: viewId,
  name: z.string(),
  shared: z.boolean(),
  query: ViewQuery,
  columns: z
    .array(z.enum(COLUMN_KEYS))
    .nullable()
    .describe("The columns shown, in order; null: the table's usual columns for the report"),
  density: z.enum(VIEW_DENSITIES),
  owner: z.object({ name: z.string(), email: z.string() }).describe('Who saved it'),
  mine: z.boolean().describe('Saved by you: only you may change or delete it'),
  isMyDefault: z.boolean(),
  isOrgDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type View = z.infer<typeof View>;

export const ViewDefaults = z.object({
  myDefault: viewId.nullable().describe('Your default view'),
  orgDefault: viewId
    .nullable()
    .describe("The organisation's default view: staff only, and what the dashboard opens with when you have none"),
});
export type ViewDefaults = z.infer<typeof ViewDefaults>;

export const ViewsResponse = ViewDefaults.extend({
  views: z.array(View).describe('The views you may open: yours and those shared with you, by name'),
});
export type ViewsResponse = z.infer<typeof ViewsResponse>;

export const ViewParams = z.object({
  id: z.coerce
    .number({ error: 'The view id must be a whole number.' })
    .int('The view id must be a whole number.')
    .positive('The view id must be a whole number.')
    .max(Number.MAX_SAFE_INTEGER, 'The view id must be a whole number.')
    .describe('Id of the view'),
});

export const ViewDefaultRequest = z
  .object({
    id: z
      .number({ error: 'id is the id of a view, or null for none.' })
      .int('id is the id of a view, or null for none.')
      .positive('id is the id of a view, or null for none.')
      .max(Number.MAX_SAFE_INTEGER, 'id is the id of a view, or null for none.')
      .nullable(),
  })
  .strict();
export type ViewDefaultRequest = z.infer<typeof ViewDefaultRequest>;
