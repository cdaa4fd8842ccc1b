// The seam between Quayside and a visibility provider it asks about its shipments (pull-carrier-events.ts).
// Quayside asks by what it knows of a shipment (its containers, its Master) and receives events in the
// DCSA Track & Trace 2.2 form, the one form the rest of carrier events reads (ingest.ts checks them
// against the standard's schema, keeps each once, matches and applies them). So a provider is one
// module: one that publishes DCSA itself is dcsa-tnt-provider.ts; one with its own API (Terminal49,
// Vizion, project44) asks in its own terms and converts its answers to DCSA events in its module,
// and nothing else in Quayside changes.

/** What Quayside asks a provider about one shipment: identifiers upper case, without punctuation. */
export type VisibilityQuery = {
  /** Container numbers (ISO 6346: 'MSKU1234565'). */
  containers: string[];
  /** Transport documents: the shipment's Master (B/L number). */
  documents: string[];
};

export type VisibilityProvider = {
  /**
   * Names the sender of what it answers: its events are kept once per eventID as `provider:<name>`,
   * and a date they set says `carrier event:provider:<name>` in the shipment's date history.
   */
  name: string;
  /**
   * Every event the provider has about any of the identifiers, as DCSA T&T 2.2 events (unchecked:
   * ingest checks them). It throws when it cannot answer: a VisibilityProviderError with
   * `stopsRun` when asking again this run is pointless (its key refused, its rate limit reached).
   * `signal` aborts it when the run must end.
   */
  eventsFor(query: VisibilityQuery, signal: AbortSignal): Promise<unknown[]>;
};

/** A provider's failure; `stopsRun`: every further question this run would fail alike (a refused key). */
export class VisibilityProviderError extends Error {
  constructor(
    message: string,
    readonly stopsRun: boolean,
  ) {
    super(message);
  }
}
