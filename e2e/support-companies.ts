import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

const API = '/api/v1/company';

async function optionId(request: APIRequestContext, url: string, text: string): Promise<number> {
  const response = await request.get(url);
  expect(response.ok()).toBe(true);
  const options = (await response.json()) as Array<{
    value?: string;
    id?: number;
    displayText?: string;
    name?: string;
  }>;
  const found = options.find((o) => (o.displayText ?? o.name) === text);
  expect(found, `${text} in ${url}`).toBeTruthy();
  return Number(found!.id ?? found!.value);
}

/** A resident Virginia LLC, submitted as the public wizard would; its payment stays pending. */
export async function submitVirginiaLlc(request: APIRequestContext, legalName: string) {
  const stateId = await optionId(request, `${API}/states/all`, 'Virginia');
  const countyId = await optionId(request, `${API}/counties/all?stateId=${stateId}`, 'Fairfax County');
  const industryId = await optionId(request, `${API}/industries/all`, 'Arts and Crafts');
  const response = await request.post(`${API}/companies/resident`, {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      businessEntityType: 1,
      stateId,
      legalName,
      industryId,
      contactFirstName: 'Ada',
      contactLastName: 'Lovelace',
      contactEmailAddress: 'ada.e2e@example.com',
      contactPhoneNumber: '(555) 010-0100',
      registeredAgent: {
        registeredAgentType: 1,
        firstName: 'Grace',
        lastName: 'Hopper',
        addressLine1: '2 Agent Road',
        city: 'Fairfax',
        countyId,
        zipCode: '22030',
        phoneNumber: '(555) 010-0200',
      },
      businessAddressType: 1,
      managementStructure: 2,
      organizers: [{ titles: [], firstName: 'Ada', lastName: 'Lovelace', shareOwnership: '100', isDirector: false }],
      socialSecurityNumber: '123-45-6789',
      socialSecurityFirstName: 'Ada',
      socialSecurityLastName: 'Lovelace',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}
