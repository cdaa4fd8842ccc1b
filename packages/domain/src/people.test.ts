import { describe, expect, it } from 'vitest';
import { PeopleDeleteBody, PersonInput } from './people.ts';

describe('PersonInput', () => {
  it('normalises the e-mail and trims text', () => {
    expect(PersonInput.parse({ full_name: '  Ada  ', email: '  Ada@Example.COM ' })).toEqual({
      full_name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('never takes fireauth_id or status from a client', () => {
    const parsed = PersonInput.parse({ full_name: 'A', email: 'a@example.com', fireauth_id: 'x', status: 'Active' });
    expect(parsed).not.toHaveProperty('fireauth_id');
    expect(parsed).not.toHaveProperty('status');
  });

  it.each([
    [{ full_name: '', email: 'a@example.com' }, 'Full name is required.'],
    [{ full_name: 'A', email: 'a@' }, 'Enter a valid e-mail address.'],
    [{ full_name: 'A', email: 'a@example.com', role: 'Manager' }, 'Role must be one of Admin, Employee, Forwarder.'],
    [{ full_name: 'A\u0000', email: 'a@example.com' }, 'Text must not contain NUL characters.'],
  ])('refuses %o with a message a person can act on', (input, message) => {
    const result = PersonInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

it('deletes exactly one person per request', () => {
  expect(PeopleDeleteBody.safeParse([{ email: 'a@example.com' }]).success).toBe(true);
  expect(PeopleDeleteBody.safeParse([]).success).toBe(false);
});
