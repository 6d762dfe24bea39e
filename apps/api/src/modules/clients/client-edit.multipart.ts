import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CLIENT_TYPE,
  ERROR_CODE,
  MAX_CLIENT_COLLABORATORS,
  editBusinessClientInputSchema,
  editPersonalClientInputSchema,
  type ClientType,
  type EditBusinessClientInput,
  type EditPersonalClientInput,
} from '@ledgerport/shared';
import { BadRequestError } from '../../lib/errors.js';
import { consumeMultipart, pictureFormRefusals, readPicture } from '../../lib/file-intake/index.js';

/**
 * Every name a segment of a multipart field may have, lower-cased → as the schema spells it. Names
 * arrive as existing clients send them (`Collaborators[0].CollaboratorUserId`, `address.zipCode`,
 * repeated `services`), matched case-insensitively; anything else is ignored. Only these keys are ever
 * written, so a crafted name cannot reach an object's prototype.
 */
const KEYS = Object.fromEntries(
  [
    'id',
    'emailAddress',
    'phoneNumber',
    'advisorUserId',
    'ownerUserId',
    'isProfilePictureChanged',
    'address',
    'addressLine1',
    'addressLine2',
    'city',
    'stateId',
    'zipCode',
    'services',
    'collaborators',
    'collaboratorUserId',
    'name',
    'tradeName',
    'website',
    'taxpayerIdentificationNumber',
    'firstName',
    'lastName',
    'socialSecurityNumber',
    'birthDate',
    'maritalStatus',
    'spouseInfo',
  ].map((key) => [key.toLowerCase(), key]),
);
/** Fields sent once per value. */
const REPEATED = new Set(['services']);
const PICTURE_FIELD = 'profilepicture';
const SEGMENT = /^([a-z0-9]+)(?:\[(\d{1,4})\])?$/i;

type Raw = Record<string, unknown>;

export type ClientEditFields = EditBusinessClientInput | EditPersonalClientInput;

export interface ClientEditUpdate<F extends ClientEditFields = ClientEditFields> {
  fields: F;
  /** The uploaded file as sent; null when none came (or an empty file input was submitted). */
  picture: Buffer | null;
}

function invalid(field: string, message: string): BadRequestError {
  return new BadRequestError('The request is not valid.', ERROR_CODE.validation, [{ in: 'body', field, message }]);
}

/** Puts one field into the nested object; false when its name is not one of ours. */
function place(target: Raw, fieldName: string, value: string): boolean {
  const segments = fieldName.split('.');
  let node: Raw = target;
  for (const [position, segment] of segments.entries()) {
    const match = SEGMENT.exec(segment);
    const name = match?.[1]!.toLowerCase();
    // Own keys only: a field named "constructor" or "__proto__" must not reach Object.prototype.
    const key = name !== undefined && Object.hasOwn(KEYS, name) ? KEYS[name] : undefined;
    if (!match || !key) return false;
    const index = match[2] === undefined ? undefined : Number(match[2]);
    const isLeaf = position === segments.length - 1;
    if (isLeaf) {
      if (REPEATED.has(key)) {
        const list = Array.isArray(node[key]) ? (node[key] as unknown[]) : [];
        list.push(value);
        node[key] = list;
      } else if (index === undefined) node[key] = value;
      else return false;
      return true;
    }
    if (index !== undefined) {
      if (index >= MAX_CLIENT_COLLABORATORS) throw invalid(fieldName, 'Too many items.');
      const list = Array.isArray(node[key]) ? (node[key] as Raw[]) : [];
      list[index] ??= {};
      node[key] = list;
      node = list[index]!;
    } else {
      const child = node[key];
      node[key] = typeof child === 'object' && child !== null && !Array.isArray(child) ? child : {};
      node = node[key] as Raw;
    }
  }
  return true;
}

const emptyAddress = () => ({ addressLine1: '', addressLine2: '', city: '', stateId: '', zipCode: '' });

/** Fields left out of the form count as empty, so a missing required one reads "required", not "invalid". */
function withDefaults(raw: Raw, clientType: ClientType): Raw {
  const text = (value: unknown) => (value === undefined ? '' : value);
  const address = (value: unknown) => ({ ...emptyAddress(), ...(typeof value === 'object' && value ? value : {}) });
  const common = {
    ...raw,
    emailAddress: text(raw.emailAddress),
    phoneNumber: text(raw.phoneNumber),
    advisorUserId: text(raw.advisorUserId),
    ownerUserId: text(raw.ownerUserId),
    address: address(raw.address),
    services: raw.services ?? [],
    collaborators: (Array.isArray(raw.collaborators) ? (raw.collaborators as Raw[]) : [])
      .filter((item) => item !== undefined)
      .map((item) => ({ ...item, collaboratorUserId: text(item.collaboratorUserId), services: item.services ?? [] })),
  };
  if (clientType === CLIENT_TYPE.business) {
    return {
      ...common,
      name: text(raw.name),
      tradeName: text(raw.tradeName),
      website: text(raw.website),
      taxpayerIdentificationNumber: text(raw.taxpayerIdentificationNumber),
    };
  }
  const spouse = raw.spouseInfo as Raw | undefined;
  return {
    ...common,
    firstName: text(raw.firstName),
    lastName: text(raw.lastName),
    socialSecurityNumber: text(raw.socialSecurityNumber),
    birthDate: text(raw.birthDate),
    maritalStatus: text(raw.maritalStatus),
    spouseInfo: spouse && {
      firstName: text(spouse.firstName),
      lastName: text(spouse.lastName),
      socialSecurityNumber: text(spouse.socialSecurityNumber),
      birthDate: text(spouse.birthDate),
      phoneNumber: text(spouse.phoneNumber),
      address: address(spouse.address),
    },
  };
}

function parseWith<S extends z.ZodType>(schema: S, raw: Raw): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    // The same shape as the automatic validation errors of JSON bodies.
    const details = parsed.error.issues.map((issue) => ({
      in: 'body',
      field: issue.path.join('.'),
      message: issue.message,
    }));
    throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, details);
  }
  return parsed.data;
}

/**
 * Reads the multipart form of `PUT document/clients/business|personal/{id}` into the shared schema's
 * shape and validates it. Limits (one file, its size, field count and size) are enforced by
 * @fastify/multipart as the stream arrives.
 */
export async function readClientEdit(request: FastifyRequest, clientType: ClientType): Promise<ClientEditUpdate> {
  const raw: Raw = {};
  let picture: Buffer | null = null;
  await consumeMultipart(request, pictureFormRefusals('client'), async (parts) => {
    for await (const part of parts) {
      if (part.kind === 'file') {
        if (part.name.toLowerCase() !== PICTURE_FIELD) {
          part.stream.resume(); // not ours: let it flow past
          continue;
        }
        picture = await readPicture(part.stream);
        continue;
      }
      if (part.truncated) throw invalid(part.name, 'Too long.');
      place(raw, part.name, part.value);
    }
  });
  const complete = withDefaults(raw, clientType);
  const fields =
    clientType === CLIENT_TYPE.business
      ? parseWith(editBusinessClientInputSchema, complete)
      : parseWith(editPersonalClientInputSchema, complete);
  return { fields, picture };
}
