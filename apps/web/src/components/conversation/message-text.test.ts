import { MAX_MESSAGE_LENGTH } from '@quayside/domain/messages';
import { describe, expect, it } from 'vitest';
import { bodyParts, firstLine, isSendable, lengthText, mentionableFor } from './message-text.ts';

describe('a draft message', () => {
  it('counts and is sent as its trimmed text, within the limit', () => {
    expect(lengthText('  hello \n')).toBe(`5 / ${MAX_MESSAGE_LENGTH}`);
    expect(isSendable('   ')).toBe(false);
    expect(isSendable('x'.repeat(MAX_MESSAGE_LENGTH))).toBe(true);
    expect(isSendable('x'.repeat(MAX_MESSAGE_LENGTH + 1))).toBe(false);
  });
});

describe('the quote of a message replied to', () => {
  it('is its first line with words, cut short', () => {
    expect(firstLine('\n  Cartons ready \nsecond line')).toBe('Cartons ready');
    expect(firstLine('a'.repeat(100))).toBe(`${'a'.repeat(79)}…`);
  });
});

describe('who may be mentioned', () => {
  const people = [
    { id: 1, name: 'Ann', email: 'ann@napco.example', staff: true },
    { id: 2, name: 'Sam', email: 'sam@acme.example', staff: false },
  ];
  it('is everyone, or only staff in an internal message', () => {
    expect(mentionableFor(people, false).map((person) => person.id)).toEqual([1, 2]);
    expect(mentionableFor(people, true).map((person) => person.id)).toEqual([1]);
  });
});

describe("a message's body", () => {
  it('is cut where it names a mentioned person, the longest name first, other text as it is', () => {
    expect(bodyParts('@Ann Lee and @Ann: see <b>this</b> (a.b)', ['Ann', 'Ann Lee'])).toEqual([
      { text: '@Ann Lee', isMention: true },
      { text: ' and ', isMention: false },
      { text: '@Ann', isMention: true },
      { text: ': see <b>this</b> (a.b)', isMention: false },
    ]);
    expect(bodyParts('No one (named)', [])).toEqual([{ text: 'No one (named)', isMention: false }]);
    expect(bodyParts('a+b', ['a+b'])).toEqual([{ text: 'a+b', isMention: false }]);
  });
});
