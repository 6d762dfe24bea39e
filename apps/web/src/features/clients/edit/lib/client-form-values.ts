import { MARITAL_STATUS, type ClientAddressDto, type ClientEditDto } from '@ledgerport/shared';

export type EditableClientType = 'business' | 'personal';

export const isEditableClientType = (value: string | undefined): value is EditableClientType =>
  value === 'business' || value === 'personal';

/** What happens to the picture on save. */
export type PictureChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export interface AddressValues {
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateId: string;
  zipCode: string;
}

export interface CollaboratorValues {
  collaboratorUserId: string;
  /** Display text; not sent. */
  collaboratorUser: string;
  services: string[];
}

/**
 * The form holds both kinds' fields as text (inputs and selects give strings); the schema of the
 * client's type validates the ones that matter and ignores the rest.
 */
export interface ClientFormValues {
  name: string;
  tradeName: string;
  website: string;
  taxpayerIdentificationNumber: string;
  firstName: string;
  lastName: string;
  socialSecurityNumber: string;
  birthDate: string;
  maritalStatus: string;
  emailAddress: string;
  phoneNumber: string;
  advisorUserId: string;
  ownerUserId: string;
  /** Display text of the owner; not sent. */
  ownerUser: string;
  address: AddressValues;
  services: string[];
  collaborators: CollaboratorValues[];
  spouseInfo: {
    firstName: string;
    lastName: string;
    socialSecurityNumber: string;
    birthDate: string;
    phoneNumber: string;
    address: AddressValues;
  };
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const addressValues = (address: ClientAddressDto | null | undefined): AddressValues => ({
  addressLine1: text(address?.addressLine1),
  addressLine2: text(address?.addressLine2),
  city: text(address?.city),
  stateId: text(address?.stateId),
  zipCode: text(address?.zipCode),
});

export function formValuesOf(client: ClientEditDto): ClientFormValues {
  const spouse = client.spouseInfo;
  return {
    name: client.name,
    tradeName: text(client.tradeName),
    website: text(client.website),
    taxpayerIdentificationNumber: text(client.taxpayerIdentificationNumber),
    firstName: text(client.firstName),
    lastName: text(client.lastName),
    socialSecurityNumber: text(client.socialSecurityNumber),
    birthDate: text(client.birthDate),
    maritalStatus: text(client.maritalStatus ?? MARITAL_STATUS.single),
    emailAddress: text(client.emailAddress),
    phoneNumber: text(client.phoneNumber),
    advisorUserId: text(client.advisorUserId),
    ownerUserId: text(client.ownerUserId),
    ownerUser: client.ownerUser,
    address: addressValues(client.address),
    services: client.services.map(String),
    collaborators: client.collaborators.map((collaborator) => ({
      collaboratorUserId: String(collaborator.collaboratorUserId),
      collaboratorUser: collaborator.collaboratorUser,
      services: collaborator.services.map(String),
    })),
    spouseInfo: {
      firstName: text(spouse?.firstName),
      lastName: text(spouse?.lastName),
      socialSecurityNumber: text(spouse?.socialSecurityNumber),
      birthDate: text(spouse?.birthDate),
      phoneNumber: text(spouse?.phoneNumber),
      address: addressValues(spouse?.address),
    },
  };
}

function appendAddress(form: FormData, prefix: string, address: AddressValues) {
  for (const [key, value] of Object.entries(address)) form.append(`${prefix}.${key}`, value.trim());
}

/** The multipart form of `PUT document/clients/business|personal/{id}` (spec 02 section 7). */
export function toMultipart(
  clientType: EditableClientType,
  id: number,
  values: ClientFormValues,
  picture: PictureChange,
): FormData {
  const form = new FormData();
  const add = (name: string, value: string) => form.append(name, value.trim());
  add('id', String(id));
  add('emailAddress', values.emailAddress);
  add('phoneNumber', values.phoneNumber);
  add('advisorUserId', values.advisorUserId);
  add('ownerUserId', values.ownerUserId);
  appendAddress(form, 'address', values.address);
  for (const service of values.services) add('services', service);
  values.collaborators.forEach((collaborator, index) => {
    add(`Collaborators[${index}].ClientId`, String(id));
    add(`Collaborators[${index}].CollaboratorUserId`, collaborator.collaboratorUserId);
    for (const service of collaborator.services) add(`Collaborators[${index}].Services`, service);
  });
  if (clientType === 'business') {
    add('name', values.name);
    add('tradeName', values.tradeName);
    add('website', values.website);
    add('taxpayerIdentificationNumber', values.taxpayerIdentificationNumber);
  } else {
    add('firstName', values.firstName);
    add('lastName', values.lastName);
    add('socialSecurityNumber', values.socialSecurityNumber);
    add('birthDate', values.birthDate);
    add('maritalStatus', values.maritalStatus);
    if (values.maritalStatus === String(MARITAL_STATUS.married)) {
      const spouse = values.spouseInfo;
      add('spouseInfo.firstName', spouse.firstName);
      add('spouseInfo.lastName', spouse.lastName);
      add('spouseInfo.socialSecurityNumber', spouse.socialSecurityNumber);
      add('spouseInfo.birthDate', spouse.birthDate);
      add('spouseInfo.phoneNumber', spouse.phoneNumber);
      appendAddress(form, 'spouseInfo.address', spouse.address);
    }
  }
  add('isProfilePictureChanged', String(picture.kind !== 'keep'));
  if (picture.kind === 'replace') form.append('profilePicture', picture.file, picture.file.name);
  return form;
}
