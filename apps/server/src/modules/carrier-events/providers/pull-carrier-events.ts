import { MAX_EVENTS_PER_NOTIFICATION } from '@quayside/domain/carrier-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { definedOnly } from '../../../lib/defined-only.ts';
import { checkNotification, ingestCheckedEvents, type Sender } from '../ingest.ts';
import { identifierKey } from '../read-event.ts';
import { type VisibilityProvider, VisibilityProviderError } from './visibility-provider.ts';

// Pulling carrier events: every run asks the visibility provider about the shipments still at sea
// and takes what it answers as a notification from `provider:<name>` (ingest.ts): each event kept
// once, matched, and applied by the rules table, so a rerun changes nothing and a date it moves
// says `carrier event:provider:<name>` in the date history.

export const PULL_DEFAULTS = {
  /** Shipments asked about per run. */
  shipmentsPerRun: 200,
  /** How often the job runs (jobs.ts): each period the next shipments in turn are asked about. */
  periodMs: 30 * 60 * 1000,
  /** Longest a run asks for: under the job queue's 15 minutes, so a run ends before it is given up. */
  runMs: 10 * 60 * 1000,
  /** A shipment whose expected arrival is this long past without an ATA is a record nobody closed, not a voyage. */
  staleAfterDays: 60,
} as const;

/** The messages a run's report names; more are counted in `failed` and `refused`. */
const ERRORS_NAMED = 5;
/** A container number as ISO 6346 writes it: anything else in Container # ('TBA', '2x40HC') is not asked about. */
const CONTAINER = /^[A-Z]{4}[0-9]{7}$/;

export type PullOptions = Partial<Record<keyof typeof PULL_DEFAULTS, number>> & {
  /** The run's time: which shipments' turn it is, and which are stale. */
  now?: Date;
  /** Ends the run early (the job's deadline is `runMs` unless this says otherwise). */
  signal?: AbortSignal;
  log?: { warn: (object: object, message: string) => void };
};

export type PullReport = {
  /** Shipments asked about, answered or not. */
  shipments: number;
  /** Events the provider answered (each once per shipment). */
  events: number;
  /** Events that set a date. */
  applied: number;
  /** Events kept and shown on their shipment, setting nothing. */
  recorded: number;
  /** Events that matched no shipment or several: they wait for an Admin's review. */
  review: number;
  /** Events received before: nothing done again. */
  duplicates: number;
  /** Events not valid DCSA T&T 2.2: not kept. */
  refused: number;
  /** Shipments the provider could not answer about. */
  failed: number;
  /** The first failures and refusals, in words. */
  errors: string[];
  /** Why the run stopped before asking about every shipment it chose, if it did. */
  stopped: string | null;
};

type Candidate = { id: string; shipment: string; container_number: string; master: string };

/**
 * Asks the provider about the shipments worth asking about, in turn, and ingests its answers.
 * Each shipment's events go in by themselves (one transaction per ≤1000), so a failure later in
 * the run keeps what went in before. A failure to answer about one shipment is counted and the
 * run goes on; a failure that would repeat for every shipment (a refused key, a rate limit, the
 * run's deadline) ends the run, reported in `stopped`. Neither throws: only the database failing does.
 */
export async function pullCarrierEvents(
  db: Database,
  provider: VisibilityProvider,
  options: PullOptions = {},
): Promise<PullReport> {
  const { shipmentsPerRun, periodMs, runMs, staleAfterDays } = { ...PULL_DEFAULTS, ...definedOnly(options) };
  const now = options.now ?? new Date();
  const deadline = AbortSignal.timeout(runMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const sender: Sender = { name: `provider:${provider.name}`, integrationId: null, forwarderName: null };
  const report: PullReport = {
    shipments: 0,
    events: 0,
    applied: 0,
    recorded: 0,
    review: 0,
    duplicates: 0,
    refused: 0,
    failed: 0,
    errors: [],
    stopped: null,
  };
  const note = (message: string) => {
    if (report.errors.length < ERRORS_NAMED && !report.errors.includes(message)) report.errors.push(message);
  };

  const ranOut = () =>
    deadline.aborted ? `The run took longer than ${runMs / 1000} s; the other shipments wait their turn.` : 'Stopped.';
  const turn = Math.floor(now.getTime() / periodMs);
  for (const candidate of await candidates(db, { shipmentsPerRun, turn, now, staleAfterDays })) {
    if (signal.aborted) {
      report.stopped = ranOut();
      break;
    }
    // The Master whole, as matching compares it (match.ts); Container # may hold several.
    const query = {
      containers: containersOf(candidate.container_number),
      documents: [identifierKey(candidate.master)].filter(Boolean),
    };
    report.shipments += 1;
    let answered: unknown[];
    try {
      answered = await provider.eventsFor(query, signal);
    } catch (error) {
      report.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      note(`${candidate.shipment}: ${message}`);
      options.log?.warn({ shipment: candidate.shipment, err: error }, 'visibility provider did not answer');
      if (signal.aborted) {
        report.stopped = ranOut();
        break;
      }
      if (error instanceof VisibilityProviderError && error.stopsRun) {
        report.stopped = message;
        break;
      }
      continue;
    }
    const events = onceEach(answered);
    report.events += events.length;
    // An event the standard's schema refuses is left out alone: the provider will not resend a
    // corrected notification as a sender does, so refusing its others with it would lose them for good.
    const valid = events.flatMap((event) => {
      try {
        return checkNotification([event]);
      } catch (error) {
        if (!(error instanceof AppError) || error.kind !== 'invalid') throw error;
        report.refused += 1;
        note(`${candidate.shipment}: ${error.message.replace(/: event 1\b/, ': an event')}`);
        return [];
      }
    });
    // Checked once, above: each chunk goes in as it is.
    for (let start = 0; start < valid.length; start += MAX_EVENTS_PER_NOTIFICATION) {
      const receipt = await ingestCheckedEvents(db, sender, valid.slice(start, start + MAX_EVENTS_PER_NOTIFICATION));
      for (const { outcome } of receipt.results) {
        if (outcome === 'applied') report.applied += 1;
        else if (outcome === 'duplicate') report.duplicates += 1;
        else if (outcome === 'unmatched' || outcome === 'ambiguous') report.review += 1;
        else report.recorded += 1;
      }
    }
  }
  return report;
}

/**
 * The shipments worth asking about: not arrived (no ATA, not delivered), with a container number
 * or a Master, and not stale (expected more than `staleAfterDays` ago). Without a record of when
 * each was last asked about (no column for it), they take turns: in order of creation, each run
 * starting where the last run's window ended, wrapping round, so every one is asked once every
 * ⌈candidates ÷ shipmentsPerRun⌉ runs and none is starved by the others.
 */
async function candidates(
  db: Database,
  {
    shipmentsPerRun,
    turn,
    now,
    staleAfterDays,
  }: { shipmentsPerRun: number; turn: number; now: Date; staleAfterDays: number },
): Promise<Candidate[]> {
  const staleBefore = new Date(now.getTime() - staleAfterDays * 24 * 60 * 60 * 1000).toISOString();
  const found = await db.execute<Candidate>(sql`
    with worth as (
      select s.id, s.shipment, s.container_number, s.master,
        row_number() over (order by s.id) - 1 as place, count(*) over () as total
      from shipments s
      where s.ata is null and s.act_delivery is null
        and (coalesce(s.dest_eta, s.eta) is null or coalesce(s.dest_eta, s.eta) >= ${staleBefore}::timestamptz)
        and (s.master ~ '[A-Za-z0-9]'
          or exists (select 1 from unnest(regexp_split_to_array(upper(s.container_number), '[^A-Z0-9]+')) as c(key)
            where c.key ~ '^[A-Z]{4}[0-9]{7}$'))
    )
    select id, shipment, container_number, master from worth
    order by (place + total - (${turn}::bigint * ${shipmentsPerRun}::bigint) % total) % total
    limit ${shipmentsPerRun}`);
  return found.rows;
}

/** The containers of Container # as matching reads them (match.ts): split at anything not a letter or digit. */
const containersOf = (text: string) => [
  ...new Set(
    text
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((key) => CONTAINER.test(key)),
  ),
];

/**
 * The provider's events, each eventID once: asked by a container and by the Master, it may answer
 * one event twice. Events without an eventID are kept, for ingest to refuse in words.
 */
function onceEach(events: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    const id = (event as { eventID?: unknown } | null)?.eventID;
    if (typeof id !== 'string') return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
