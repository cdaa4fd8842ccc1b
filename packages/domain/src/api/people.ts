import type { Call } from '../call.ts';
import { MessageResponse } from '../line-items.ts';
import {
  EligibilityQuery,
  EligibilityResponse,
  PeopleDeleteBody,
  PeopleQuery,
  PeopleResponse,
  PeopleUpsertBody,
} from '../people.ts';

const tag = 'people';

/** The people list (an Admin's to manage), and the register screen's check before any account exists. */
export const PEOPLE_CALLS = {
  checkEligibility: {
    method: 'GET',
    path: '/api/Peoples/eligibility',
    tag,
    who: 'anyone',
    summary: 'Whether an e-mail may register',
    query: EligibilityQuery,
    response: EligibilityResponse,
    errors: [429],
  },
  listPeople: {
    method: 'GET',
    path: '/api/Peoples',
    tag,
    // An Admin gets everyone but supplier contacts (the Suppliers screen's); anyone else only their own record.
    who: 'signed-in',
    suppliers: true,
    summary: 'The people list',
    query: PeopleQuery,
    response: PeopleResponse,
  },
  savePeople: {
    method: 'POST',
    path: '/api/Peoples',
    tag,
    who: 'Admin',
    summary: 'Add people, or change their details (Admin)',
    body: PeopleUpsertBody,
    response: PeopleResponse,
  },
  deletePerson: {
    method: 'POST',
    path: '/api/Peoples/delete',
    tag,
    who: 'Admin',
    summary: 'Delete a person and their account (Admin)',
    body: PeopleDeleteBody,
    response: MessageResponse,
    errors: [404],
  },
} as const satisfies Record<string, Call>;
