// Shipping identifiers that carry their own check: a container number (ISO 6346) and an air waybill
// (IATA). A mistyped one is refused with what is wrong and, where it is only the check digit, the
// digit it should have; a well-formed one is stored in its plain form (capitals, no spaces).

/** ISO 6346's values of the letters: 10 upward, skipping the multiples of 11 (A 10, B 12, ... Z 38). */
const LETTER_VALUES = new Map<string, number>();
for (let letter = 0, value = 10; letter < 26; value += 1) {
  if (value % 11 === 0) continue;
  LETTER_VALUES.set(String.fromCharCode(65 + letter), value);
  letter += 1;
}

/** ISO 6346's weighted sum of characters from the first: each one's value times 2 to its position. */
export function containerWeightedSum(characters: string): number {
  let sum = 0;
  for (const [position, character] of [...characters].entries()) {
    const value = /\d/.test(character) ? Number(character) : (LETTER_VALUES.get(character) ?? 0);
    sum += value * 2 ** position;
  }
  return sum;
}

/** The ISO 6346 check digit of the first ten characters (owner code, category, serial). */
export const containerCheckDigit = (firstTen: string) => (containerWeightedSum(firstTen) % 11) % 10;

export const CONTAINER_EXAMPLE = 'CSQU3054383';
/** The equipment categories ISO 6346 names: U freight container, J detachable equipment, Z trailer or chassis. */
const CATEGORIES = ['U', 'J', 'Z'];

export type Checked = { ok: true; value: string } | { ok: false; message: string };

/** A container number as ISO 6346 writes it: 3 letters of owner, a category letter, 6 digits of serial, a check digit. */
export function checkContainerNumber(text: string): Checked {
  const value = text.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{4}\d{7}$/.test(value))
    return {
      ok: false,
      message: `${text.trim()} is not a container number: 4 letters and 7 digits, as ${CONTAINER_EXAMPLE}.`,
    };
  if (!CATEGORIES.includes(value[3] ?? ''))
    return {
      ok: false,
      message: `${value}: the fourth letter is the equipment category, U, J or Z.`,
    };
  const expected = containerCheckDigit(value.slice(0, 10));
  if (Number(value[10]) !== expected)
    return {
      ok: false,
      message: `${value}: the check digit does not match; it would be ${expected} (${value.slice(0, 10)}${expected}).`,
    };
  return { ok: true, value };
}

/** An IATA air waybill: a 3-digit airline prefix and an 8-digit serial whose last digit is the first seven mod 7. */
const AIR_WAYBILL_SHAPE = /^(\d{3})[\s-]?(\d{8})$/;

export function checkAirWaybill(text: string): Checked {
  const match = AIR_WAYBILL_SHAPE.exec(text.trim());
  if (!match?.[1] || !match[2])
    return { ok: false, message: `${text.trim()} is not an air waybill: 3 digits and 8 digits, as 020-81140743.` };
  const [prefix, serial] = [match[1], match[2]];
  const expected = Number(serial.slice(0, 7)) % 7;
  if (Number(serial[7]) !== expected)
    return {
      ok: false,
      message: `${prefix}-${serial}: the check digit does not match; it would be ${expected} (${prefix}-${serial.slice(0, 7)}${expected}).`,
    };
  return { ok: true, value: `${prefix}-${serial}` };
}

/** 'Container #' may hold several containers, separated by commas, semicolons or new lines. */
const CONTAINER_SEPARATORS = /[,;\n]+/;

/** Each container number of a 'Container #' value checked; the value as stored: each in its plain form, ', ' between. */
export function checkContainerNumbers(text: string): Checked {
  const numbers = text
    .split(CONTAINER_SEPARATORS)
    .map((number) => number.trim())
    .filter((number) => number !== '');
  const checked = numbers.map(checkContainerNumber);
  const wrong = checked.find((result) => !result.ok);
  if (wrong && !wrong.ok) return { ok: false, message: `Container #: ${wrong.message}` };
  return { ok: true, value: checked.map((result) => (result.ok ? result.value : '')).join(', ') };
}

/** Whether a shipment of this Mode has an air waybill for its Master. */
export const isAirMode = (mode: string | null | undefined) => (mode ?? '').trim().toUpperCase() === 'AIR';

/** An air shipment's Master is its air waybill, checked; any other Master is taken as written. */
export function checkMaster(master: string, mode: string | null | undefined): Checked {
  if (master.trim() === '' || !isAirMode(mode)) return { ok: true, value: master };
  const checked = checkAirWaybill(master);
  return checked.ok ? checked : { ok: false, message: `Master: ${checked.message}` };
}

type IdentifierColumns = { container_number?: string | null; master?: string | null; mode?: string | null };

/**
 * The identifiers a shipment write sets (a column it leaves out stays out), checked and in their
 * plain form, and what is wrong with them. `stored`: the shipment being updated, whose Master or
 * Mode still counts when the write leaves it out (making a shipment an air one checks its Master).
 */
export function checkIdentifierColumns(
  columns: IdentifierColumns,
  stored?: Pick<IdentifierColumns, 'master' | 'mode'>,
): { checked: { container_number?: string; master?: string }; problems: string[] } {
  const checked: { container_number?: string; master?: string } = {};
  const problems: string[] = [];
  if (columns.container_number !== undefined) {
    const containers = checkContainerNumbers(columns.container_number ?? '');
    if (containers.ok) checked.container_number = containers.value;
    else problems.push(containers.message);
  }
  if (columns.master !== undefined || columns.mode !== undefined) {
    const master = checkMaster(columns.master ?? stored?.master ?? '', columns.mode ?? stored?.mode);
    if (!master.ok) problems.push(master.message);
    else if (columns.master !== undefined) checked.master = master.value;
  }
  return { checked, problems };
}
