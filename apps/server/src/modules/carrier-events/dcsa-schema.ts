import { readFileSync } from 'node:fs';
import type { DcsaEventType } from '@quayside/domain/carrier-events';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// The DCSA Track & Trace 2.2 schema, as the standard publishes it (dcsa/, with its licence): each
// event received is checked against its family's schema, so what is valid is the standard's word,
// not ours. The build copies dcsa/ beside the bundle (scripts/build-server.mjs).

const SCHEMA_FILE = new URL('./dcsa/TNT_v2.2.0-resolved.yaml', import.meta.url);

const SCHEMA_NAMES: Record<DcsaEventType, string> = {
  TRANSPORT: 'transportEvent',
  EQUIPMENT: 'equipmentEvent',
  SHIPMENT: 'shipmentEvent',
};

let validators: Record<DcsaEventType, ValidateFunction> | undefined;

/** Compiled once, at the first event: the file is 90 kB of YAML. */
function validatorsOf(): Record<DcsaEventType, ValidateFunction> {
  if (validators) return validators;
  const document = parse(readFileSync(SCHEMA_FILE, 'utf8'));
  // OpenAPI 3.0's own keywords (example, nullable, discriminator, deprecated) are not JSON Schema's:
  // strict off lets them be; formats (date-time with its zone, uuid) are checked.
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats.default(ajv);
  ajv.addSchema(document, 'tnt');
  const compile = (name: string) => {
    const validate = ajv.getSchema(`tnt#/components/schemas/${name}`);
    if (!validate) throw new Error(`the DCSA schema has no ${name}`);
    return validate;
  };
  validators = {
    TRANSPORT: compile(SCHEMA_NAMES.TRANSPORT),
    EQUIPMENT: compile(SCHEMA_NAMES.EQUIPMENT),
    SHIPMENT: compile(SCHEMA_NAMES.SHIPMENT),
  };
  return validators;
}

/** Why an event is not a valid DCSA T&T 2.2 event, in words; null when it is. */
export function dcsaProblem(event: unknown): string | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'must be a JSON object';
  const eventType = (event as { eventType?: unknown }).eventType;
  if (eventType !== 'TRANSPORT' && eventType !== 'EQUIPMENT' && eventType !== 'SHIPMENT') {
    return 'eventType must be TRANSPORT, EQUIPMENT or SHIPMENT';
  }
  const validate = validatorsOf()[eventType];
  if (validate(event)) return null;
  return describe(validate.errors?.[0]);
}

/** ajv's first error as a person reads it: where, and what the schema wants there. */
function describe(error: ErrorObject | undefined): string {
  if (!error) return 'does not match the DCSA schema';
  const where = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
    return `${where ? `${where}.` : ''}${missing} is required`;
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
    return `${where} must be one of ${allowed.join(', ')}`;
  }
  if (error.keyword === 'format' && (error.params as { format?: unknown }).format === 'date-time') {
    return `${where} must be an ISO 8601 date and time with its zone (2026-03-12T07:41:00+08:00)`;
  }
  return `${where || 'the event'} ${error.message ?? 'does not match the DCSA schema'}`;
}
