import { MAX_MESSAGE_LENGTH, type Thread } from '@quayside/domain/messages';

type Person = Thread['mentionable'][number];

const QUOTE_LENGTH = 80;

/** What the server keeps of a draft: its text trimmed, so the count is of that. */
export const messageLength = (draft: string) => draft.trim().length;

/** Whether a draft may be sent: something to say, within the limit. */
export const isSendable = (draft: string) => {
  const length = messageLength(draft);
  return length > 0 && length <= MAX_MESSAGE_LENGTH;
};

/** The draft's count against the limit: '12 / 4000'. */
export const lengthText = (draft: string) => `${messageLength(draft)} / ${MAX_MESSAGE_LENGTH}`;

/** A message's first line with words, cut short to quote it above a reply. */
export function firstLine(body: string): string {
  const line = body.split('\n').find((each) => each.trim() !== '') ?? '';
  const text = line.trim();
  return text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH - 1)}…` : text;
}

/** Who may be mentioned: everyone who sees the record, only staff in an internal message. */
export const mentionableFor = (people: readonly Person[], internal: boolean) =>
  internal ? people.filter((person) => person.staff) : [...people];

export type BodyPart = { text: string; isMention: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The body cut where it names a mentioned person as '@Name', so those can be highlighted; the
 * parts are text, shown as written.
 */
export function bodyParts(body: string, names: readonly string[]): BodyPart[] {
  // The longest first, so '@Ann Lee' is not cut at '@Ann'.
  const wanted = [...new Set(names.filter((name) => name !== ''))].sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return [{ text: body, isMention: false }];
  const pattern = new RegExp(`(@(?:${wanted.map(escapeRegExp).join('|')}))`);
  // With its one group, split puts each match at an odd index.
  return body
    .split(pattern)
    .map((text, index) => ({ text, isMention: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
