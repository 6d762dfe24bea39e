import { randomUUID } from 'node:crypto';
import { all, type MatrixRow } from '../../../testing/authorization-matrix.js';
import {
  formationReference,
  nonResidentBody,
  nonResidentFields,
  NON_RESIDENT_URL,
  RESIDENT_URL,
  residentPayload,
} from './formation-fixtures.js';

// Public submissions (spec 03): a signed-in caller is treated like anyone else, and gets the same answer.
export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: RESIDENT_URL,
    body: async (f) => residentPayload(await formationReference(f.db), { legalName: `Matrix ${randomUUID()}` }),
    expect: all(201),
  },
  {
    method: 'POST',
    route: NON_RESIDENT_URL,
    raw: async (f) => nonResidentBody(nonResidentFields(await formationReference(f.db))),
    expect: all(201),
  },
];
