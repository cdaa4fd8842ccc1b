/** A label made unique to this run (the journeys share one server and its data), in capitals as shipment numbers are. */
export const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
