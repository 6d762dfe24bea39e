import type { Readable } from 'node:stream';
import {
  maskSsn,
  paymentStatusDto,
  type CompanyDetails,
  type CompanyListItem,
  type DiscountType,
  type ListCompaniesQuery,
  type PagedCompanies,
  type PaymentStatus,
} from '@ledgerport/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { BlobStorage } from '../../lib/storage/index.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { safeFileName } from '../documents/index.js';
import type { CompaniesRepository } from './companies.repository.js';

export interface Actor {
  userId: number;
  context: RequestContext;
}

export interface PassportDownload {
  stream: Readable;
  fileName: string;
  contentType: string;
  size: number;
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;

const dollars = (cents: number) => cents / 100;
const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const statusOf = (status: number | null) => (status === null ? null : paymentStatusDto(status as PaymentStatus));

/** Companies formed through the public wizards, for staff (spec 03 "Companies list", "Company details"). */
export function createCompaniesService({
  companies,
  audit,
  fieldCrypto,
  storage,
}: {
  companies: CompaniesRepository;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
  storage: BlobStorage;
}) {
  return {
    async list(query: ListCompaniesQuery): Promise<PagedCompanies> {
      const { items, totalCount } = await companies.list(query);
      return {
        totalCount,
        items: items.map((row): CompanyListItem => ({
          id: row.id,
          legalName: row.legalName,
          businessEntityType: { id: row.businessEntityTypeId, name: row.businessEntityTypeName },
          contactFullName: fullName(row.contactFirstName, row.contactLastName),
          contactEmailAddress: row.contactEmailAddress,
          contactPhoneNumber: row.contactPhoneNumber,
          isResident: row.isResident,
          registrationPaymentStatus: statusOf(row.paymentStatus),
          creationTime: row.createdAt.toISOString(),
        })),
      };
    },

    async details(actor: Actor, id: number): Promise<CompanyDetails> {
      const found = await companies.findCompany(id);
      if (!found) throw new NotFoundError('Company not found.');
      const { company } = found;
      const [agent, organizers] = await Promise.all([companies.findRegisteredAgent(id), companies.findOrganizers(id)]);
      const titles = new Map(
        (await companies.findOrganizerTitles([...new Set(organizers.flatMap((o) => o.titles))])).map((t) => [
          t.id,
          t.name,
        ]),
      );
      const isCorporation = company.businessEntityType === 2;
      const hasBusinessAddress = company.businessAddressLine1 !== null;

      await audit.record(actor.context, {
        action: AUDIT_ACTION.companyViewed,
        actorUserId: actor.userId,
        objectType: 'company',
        objectId: id,
      });

      return {
        id: company.id,
        legalName: company.legalName,
        doingBusinessAs: company.doingBusinessAs,
        businessEntityType: { id: company.businessEntityType, name: found.businessEntityTypeName },
        state: { id: company.stateId, name: found.stateName },
        isResident: company.isResident,
        industry: found.industryName === null ? null : { name: found.industryName },
        otherIndustryName: company.otherIndustryName,
        creationTime: company.createdAt.toISOString(),
        contactFirstName: company.contactFirstName,
        contactLastName: company.contactLastName,
        contactFullName: fullName(company.contactFirstName, company.contactLastName),
        contactEmailAddress: company.contactEmailAddress,
        contactPhoneNumber: company.contactPhoneNumber,
        contactFax: company.contactFax,
        managementStructure:
          company.managementStructure === null || found.managementStructureName === null
            ? null
            : { id: company.managementStructure, name: found.managementStructureName },
        // No permission edits a company, so nobody is shown more than the last four digits (DESIGN.md section 4).
        socialSecurityNumber: company.socialSecurityNumberEncrypted
          ? maskSsn(fieldCrypto.decrypt(company.socialSecurityNumberEncrypted))
          : null,
        socialSecurityFirstName: company.socialSecurityFirstName,
        socialSecurityLastName: company.socialSecurityLastName,
        registeredAgent: agent && {
          registeredAgentType: { id: agent.agent.registeredAgentType, name: agent.registeredAgentTypeName },
          companyName: agent.agent.companyName,
          firstName: agent.agent.firstName,
          lastName: agent.agent.lastName,
          middleName: agent.agent.middleName,
          addressLine1: agent.agent.addressLine1,
          addressLine2: agent.agent.addressLine2,
          city: agent.agent.city,
          county: agent.countyName === null ? null : { id: agent.agent.countyId, name: agent.countyName },
          zipCode: agent.agent.zipCode,
          emailAddress: agent.agent.emailAddress,
          phoneNumber: agent.agent.phoneNumber,
        },
        businessAddress: hasBusinessAddress
          ? {
              addressLine1: company.businessAddressLine1!,
              addressLine2: company.businessAddressLine2,
              city: company.businessAddressCity ?? '',
              zipCode: company.businessAddressZipCode ?? '',
              emailAddress: company.businessAddressEmailAddress,
              phoneNumber: company.businessAddressPhoneNumber,
            }
          : null,
        organizers: organizers.map((organizer) => ({
          id: organizer.id,
          titles: organizer.titles.map((titleId) => ({ id: titleId, name: titles.get(titleId) ?? '' })),
          firstName: organizer.firstName,
          lastName: organizer.lastName,
          middleName: organizer.middleName,
          shareOwnership: organizer.shareOwnership,
          isDirector: isCorporation ? organizer.isDirector : null,
          mainPageOfPassport:
            organizer.passportFileId === null
              ? null
              : { fileName: passportName(organizer.passportFileNameEncrypted, 'passport') },
        })),
        registrationPayment:
          found.paymentStatus === null
            ? null
            : {
                paymentStatus: paymentStatusDto(found.paymentStatus as PaymentStatus),
                stateFilingFee: dollars(company.stateFilingFeeCents),
                processingFee: dollars(company.processingFeeCents),
                serviceFee: dollars(company.serviceFeeCents),
                coupon:
                  company.couponCode === null
                    ? null
                    : {
                        code: company.couponCode,
                        discountType: company.couponDiscountType as DiscountType,
                        discountValue: Number(company.couponDiscountValue),
                      },
                discountAmount: dollars(company.discountCents),
                totalAmount: dollars(company.totalCents),
              },
      };
    },

    async passport(actor: Actor, companyId: number, organizerId: number): Promise<PassportDownload> {
      const file = await companies.findPassport(companyId, organizerId);
      if (!file) throw new NotFoundError('Passport not found.');
      const stream = await storage.get(file.storageKey);
      try {
        await audit.record(actor.context, {
          action: AUDIT_ACTION.passportDownloaded,
          actorUserId: actor.userId,
          objectType: 'company',
          objectId: companyId,
          details: { organizerId },
        });
      } catch (error) {
        stream.destroy();
        throw error;
      }
      return {
        stream,
        fileName: passportName(file.fileNameEncrypted, file.storedFileName),
        contentType: file.contentType,
        size: file.size,
      };
    },
  };

  /** The uploaded name is kept encrypted (passport metadata); the stored name is a neutral fallback. */
  function passportName(encrypted: string | null, fallback: string): string {
    return safeFileName(encrypted ? fieldCrypto.decrypt(encrypted) : fallback);
  }
}
