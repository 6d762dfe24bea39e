import { PassThrough, type Readable } from 'node:stream';
import {
  CONTACT_POSITION_DISPLAY,
  DOCUMENT_LIMITS,
  ERROR_CODE,
  LEAD_ATTACHMENT_TYPES,
  LEAD_DOCUMENT_FIELDS,
  LEAD_STATUS,
  LEAD_STATUS_DISPLAY,
  ONBOARDING_ERROR_CODE,
  contractDateText,
  leadContractFileName,
  maskBankNumber,
  maskTin,
  type LeadAttachmentKind,
  type LeadBillingInfoInput,
  type LeadDetailsDto,
  type LeadListItemDto,
  type LeadStatusDto,
  type ListLeadsQuery,
  type MyLeadDto,
  type PagedLeads,
} from '@ledgerport/shared';
import type { Db } from '../../db/client.js';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors.js';
import { exportBatches } from '../../lib/export-batches.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import {
  createFileIntake,
  intakeRefusalError,
  type IntakeFile,
  type IntakePart,
  type IntakeRefusal,
  type StoredUpload,
} from '../../lib/file-intake/index.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { assertCurrentVersion, assertCurrentVersions } from '../../lib/row-version.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { BlobStorage } from '../../lib/storage/index.js';
import type { Principal } from '../auth/index.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import { INLINE_PREVIEW_TYPES } from '../documents/index.js';
import { leadContractPdf, type OnboardingRepository } from '../onboarding/index.js';
import { writeLeadsWorkbook, leadsExportFileName } from './leads.export.js';
import { type LeadListFilters, type LeadListRow, type LeadsRepository } from './leads.repository.js';

const EXPORT_BATCH_SIZE = 500;
const LEAD_NOT_FOUND = 'Lead not found.';

/** Each refused document fails the request; the detail names the field and why. */
const REFUSAL: Record<IntakeRefusal, { message: string; detail?: string }> = {
  empty: { message: 'The file is empty.' },
  unsupported: {
    message: 'Upload a PDF, PNG or JPEG file whose extension matches its content.',
    detail: 'UNSUPPORTED_TYPE',
  },
  'too-large': {
    message: `The file is larger than ${DOCUMENT_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
    detail: 'FILE_TOO_LARGE',
  },
};

export interface LeadFile {
  fileName: string;
  contentType: string;
  size: number | null;
  stream: Readable;
  inline: boolean;
}

type DocumentKey = keyof typeof LEAD_DOCUMENT_FIELDS;
const DOCUMENT_KEYS = Object.keys(LEAD_DOCUMENT_FIELDS) as DocumentKey[];
const FILE_FIELD = new Map(DOCUMENT_KEYS.map((key) => [LEAD_DOCUMENT_FIELDS[key].file.toLowerCase(), key]));
const LATER_FIELD = new Map(DOCUMENT_KEYS.map((key) => [LEAD_DOCUMENT_FIELDS[key].later.toLowerCase(), key]));
const FILE_ID_COLUMN: Record<
  DocumentKey,
  'taxReturnFileId' | 'employerIdentificationNumberFileId' | 'articleOfIncorporationFileId'
> = {
  taxReturn: 'taxReturnFileId',
  employerIdentificationNumber: 'employerIdentificationNumberFileId',
  articleOfIncorporation: 'articleOfIncorporationFileId',
};
const KIND_COLUMN: Record<LeadAttachmentKind, keyof typeof FILE_ID_COLUMN> = {
  'tax-return': 'taxReturn',
  'employer-identification-number': 'employerIdentificationNumber',
  'article-of-incorporation': 'articleOfIncorporation',
};

const statusDto = (id: number): LeadStatusDto => ({ id, displayName: LEAD_STATUS_DISPLAY[id] ?? String(id) });
const positionDto = (id: number) => ({ id, displayName: CONTACT_POSITION_DISPLAY[id as 1] ?? String(id) });

function toListItem(row: LeadListRow): LeadListItemDto {
  return {
    id: row.id,
    version: row.version,
    idHash: row.idHash,
    legalCompanyName: row.legalCompanyName,
    creationTime: row.createdAt.toISOString(),
    status: statusDto(row.status),
    contactFullName: row.contactFullName,
    contactEmailAddress: row.contactEmailAddress,
    contactPhoneNumber: row.contactPhoneNumber,
    contactPosition: positionDto(row.contactPosition),
  };
}

/** `3-7-2026` → that day's start, UTC. */
function queryDay(value: string): Date {
  const [month, day, year] = value.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}

function filtersOf(query: ListLeadsQuery): LeadListFilters {
  const createdBefore = query.creationTimeTo ? queryDay(query.creationTimeTo) : undefined;
  createdBefore?.setUTCDate(createdBefore.getUTCDate() + 1);
  return {
    legalCompanyName: query.legalCompanyName,
    contactFullName: query.contactFullName,
    contactEmailAddress: query.contactEmailAddress,
    contactPhoneNumber: query.contactPhoneNumber,
    statusId: query.statusId,
    createdFrom: query.creationTimeFrom ? queryDay(query.creationTimeFrom) : undefined,
    createdBefore,
  };
}

function invalid(field: string, message: string) {
  return new BadRequestError(message, ERROR_CODE.validation, [{ in: 'body', field, message }]);
}

function stepNotAllowed(message: string): AppError {
  return new AppError(409, ONBOARDING_ERROR_CODE.stepNotAllowed, message);
}

export type LeadsService = ReturnType<typeof createLeadsService>;

export function createLeadsService(deps: {
  db: Db;
  leads: LeadsRepository;
  onboarding: OnboardingRepository;
  storage: BlobStorage;
  queue: JobQueue;
  audit: AuditLog;
  fieldCrypto: FieldCrypto;
}) {
  const { db, leads, onboarding, storage, queue, audit, fieldCrypto } = deps;
  const decryptMasked = (stored: string | null, mask: (value: string) => string | null) =>
    stored === null ? null : mask(fieldCrypto.decrypt(stored));

  async function loadLive(id: number) {
    const lead = await leads.findLive(id);
    if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
    return lead;
  }

  async function linkedLead(userId: number) {
    const row = await leads.findLinkedToUser(userId);
    if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
    return row;
  }

  const intake = createFileIntake({ storage, queue });

  /** Sniffs and stores one document; a refused file fails the whole request (each is required). */
  async function storeFile(file: IntakeFile, field: string): Promise<StoredUpload> {
    const outcome = await intake.store(file, {
      keyPrefix: 'leads',
      maxBytes: DOCUMENT_LIMITS.maxFileBytes,
      accepts: ({ contentType }) => LEAD_ATTACHMENT_TYPES.includes(contentType),
    });
    if ('stored' in outcome) return outcome.stored;
    const { message, detail = message } = REFUSAL[outcome.refused];
    throw intakeRefusalError(outcome.refused, message, undefined, [{ in: 'body', field, message: detail }]);
  }

  async function storedFileOf(fileId: number | null): Promise<LeadFile> {
    const file = fileId === null ? null : await leads.findFile(fileId);
    if (!file) throw new NotFoundError('File not found.');
    return {
      fileName: file.fileName,
      contentType: file.contentType,
      size: file.size,
      stream: await storage.get(file.storageKey),
      inline: INLINE_PREVIEW_TYPES.has(file.contentType),
    };
  }

  return {
    async list(query: ListLeadsQuery): Promise<PagedLeads> {
      const filters = filtersOf(query);
      const [rows, totalCount] = await Promise.all([
        leads.findPage(filters, query, { limit: query.limit, offset: query.offset }),
        leads.count(filters),
      ]);
      return { items: rows.map(toListItem), totalCount };
    },

    statuses(): LeadStatusDto[] {
      return Object.values(LEAD_STATUS).map(statusDto);
    },

    async details(id: number, caller: Principal, context: RequestContext): Promise<LeadDetailsDto> {
      const row = await leads.findDetails(id);
      if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
      const { lead } = row;
      const fileIds = [
        lead.taxReturnFileId,
        lead.employerIdentificationNumberFileId,
        lead.articleOfIncorporationFileId,
      ];
      const [services, planIds, fileNames] = await Promise.all([
        leads.services(lead.id),
        onboarding.chosenPlanIds(lead.id),
        leads.fileNames(fileIds.filter((fileId): fileId is number => fileId !== null)),
      ]);
      const file = (fileId: number | null) => (fileId === null ? null : { fileName: fileNames.get(fileId) ?? 'file' });
      const named = (name: string | null) => (name === null ? null : { name });
      await audit.record(context, {
        action: AUDIT_ACTION.leadViewed,
        actorUserId: caller.userId,
        objectType: 'lead',
        objectId: lead.id,
        clientId: lead.clientId ?? undefined,
      });
      return {
        id: lead.id,
        idHash: lead.idHash,
        legalCompanyName: lead.legalCompanyName,
        creationTime: lead.createdAt.toISOString(),
        status: statusDto(lead.status),
        contactFirstName: lead.contactFirstName,
        contactLastName: lead.contactLastName,
        contactFullName: `${lead.contactFirstName} ${lead.contactLastName}`,
        contactEmailAddress: lead.contactEmailAddress,
        contactPhoneNumber: lead.contactPhoneNumber,
        contactPosition: positionDto(lead.contactPosition),
        ownerFirstName: lead.ownerFirstName,
        ownerLastName: lead.ownerLastName,
        industry: named(row.industryName),
        otherIndustryName: lead.otherIndustryName,
        annualSalesRange: named(row.annualSalesRangeName),
        employeeCountRange: named(row.employeeCountRangeName),
        services,
        hasAnyReadyFinancialReport: lead.hasAnyReadyFinancialReport,
        yearToGetTaxService: lead.yearToGetTaxService,
        currentlyDoingBookkeeping: lead.currentlyDoingBookkeeping,
        yearToGetBookkeepingService: lead.yearToGetBookkeepingService,
        accountingSoftwareTool: named(row.accountingSoftwareToolName),
        currentlyGettingPayrollService: lead.currentlyGettingPayrollService,
        acquisitionChannel: named(row.acquisitionChannelName),
        servicePlans: await onboarding.plans(planIds),
        contractDate: lead.contractAcceptedAt ? contractDateText(lead.contractAcceptedAt) : null,
        contract: lead.contractAcceptedAt
          ? { fileName: leadContractFileName(lead.legalCompanyName, lead.contractAcceptedAt) }
          : null,
        companyEmployerIdentificationNumber: decryptMasked(lead.companyEinEncrypted, maskTin),
        companyWebsite: lead.companyWebsite,
        companyPhoneNumber: lead.companyPhoneNumber,
        companyAddress: lead.companyAddress,
        linkedUser: row.linkedUserEmailAddress ? { emailAddress: row.linkedUserEmailAddress } : null,
        companyBankName: lead.companyBankName,
        companyBankRoutingNumber: decryptMasked(lead.companyBankRoutingNumberEncrypted, maskBankNumber),
        companyBankAccountingNumber: decryptMasked(lead.companyBankAccountNumberEncrypted, maskBankNumber),
        taxReturnAttachment: file(lead.taxReturnFileId),
        employerIdentificationNumberAttachment: file(lead.employerIdentificationNumberFileId),
        articleOfIncorporationAttachment: file(lead.articleOfIncorporationFileId),
      };
    },

    /** Soft delete; any id that is unknown or already deleted answers 404 before anything changes. */
    async delete(
      ids: readonly number[],
      caller: Principal,
      context: RequestContext,
      versions?: readonly string[],
    ): Promise<void> {
      const unique = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const locked = await leads.lockLive(unique, tx);
        if (locked.length !== unique.length) throw new NotFoundError(LEAD_NOT_FOUND);
        await assertCurrentVersions(tx, { ids, versions, locked, objectType: 'lead' });
        await leads.softDelete(unique, tx);
        await audit.recordMany(
          context,
          unique.map((id) => ({
            action: AUDIT_ACTION.leadsDeleted,
            actorUserId: caller.userId,
            objectType: 'lead',
            objectId: id,
          })),
          tx,
        );
      });
    },

    /** The list's leads, same filters and order, streamed as .xlsx (see users.service export). */
    async export(query: ListLeadsQuery, caller: Principal, context: RequestContext) {
      const filters = filtersOf(query);
      const batches = await exportBatches({
        batchSize: EXPORT_BATCH_SIZE,
        read: ({ limit, offset }) => leads.findPage(filters, query, { limit, offset }),
        map: (rows) => rows.map(toListItem),
      });
      await audit.record(context, {
        action: AUDIT_ACTION.leadsExported,
        actorUserId: caller.userId,
        objectType: 'lead',
        details: { filters: query },
      });
      const stream = new PassThrough();
      writeLeadsWorkbook(batches, stream).catch((error: unknown) => stream.destroy(error as Error));
      return { fileName: leadsExportFileName(), stream };
    },

    /** The accepted contract, generated afresh from the lead (404 before it was accepted). */
    async contract(id: number, caller: Principal, context: RequestContext): Promise<LeadFile> {
      const lead = await loadLive(id);
      if (!lead.contractAcceptedAt) throw new NotFoundError('File not found.');
      const plans = await onboarding.plans(await onboarding.chosenPlanIds(lead.id));
      await audit.record(context, {
        action: AUDIT_ACTION.leadFileDownloaded,
        actorUserId: caller.userId,
        objectType: 'lead',
        objectId: lead.id,
        details: { file: 'contract' },
      });
      return {
        fileName: leadContractFileName(lead.legalCompanyName, lead.contractAcceptedAt),
        contentType: 'application/pdf',
        size: null,
        inline: true,
        stream: leadContractPdf({
          legalCompanyName: lead.legalCompanyName,
          contactFullName: `${lead.contactFirstName} ${lead.contactLastName}`,
          plans,
          date: lead.contractAcceptedAt,
        }),
      };
    },

    async attachment(id: number, kind: LeadAttachmentKind, caller: Principal, context: RequestContext) {
      const lead = await loadLive(id);
      const file = await storedFileOf(lead[FILE_ID_COLUMN[KIND_COLUMN[kind]]]);
      await audit.record(context, {
        action: AUDIT_ACTION.leadFileDownloaded,
        actorUserId: caller.userId,
        objectType: 'lead',
        objectId: lead.id,
        details: { file: kind },
      });
      return file;
    },

    async myLead(userId: number): Promise<MyLeadDto> {
      const { lead, isLeadOnboardingCompleted, version } = await linkedLead(userId);
      return {
        idHash: lead.idHash,
        status: statusDto(lead.status),
        isLeadOnboardingCompleted,
        companyBankName: lead.companyBankName,
        companyBankRoutingNumber: decryptMasked(lead.companyBankRoutingNumberEncrypted, maskBankNumber),
        companyBankAccountingNumber: decryptMasked(lead.companyBankAccountNumberEncrypted, maskBankNumber),
        version,
      };
    },

    /** Step 1 after sign-in; may be given again until the documents are in. Numbers encrypted at rest. */
    async updateBillingInfo(
      userId: number,
      input: LeadBillingInfoInput,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await leads.findLinkedToUser(userId, tx, true);
        if (!row) throw new NotFoundError(LEAD_NOT_FOUND);
        const { lead, version } = row;
        // Nameless as on the public steps: staff handle leads, and the prospect need not learn who.
        await assertCurrentVersion(tx, {
          current: version,
          expected,
          objectType: 'lead',
          objectId: lead.id,
          nameless: true,
        });
        if (lead.status !== LEAD_STATUS.createAccount && lead.status !== LEAD_STATUS.billingInfo) {
          throw stepNotAllowed('Billing info is given after the account is created, before the documents.');
        }
        await leads.updateLead(
          lead.id,
          {
            status: LEAD_STATUS.billingInfo,
            companyBankName: input.companyBankName,
            companyBankRoutingNumberEncrypted: fieldCrypto.encrypt(input.companyBankRoutingNumber),
            companyBankAccountNumberEncrypted: fieldCrypto.encrypt(input.companyBankAccountingNumber),
          },
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.leadBillingInfoSaved,
            actorUserId: userId,
            objectType: 'lead',
            objectId: lead.id,
            clientId: lead.clientId ?? undefined,
          },
          tx,
        );
      });
    },

    /**
     * Step 2 after sign-in: the three documents, each required unless deferred with its upload-later
     * flag. Files are sniffed and streamed into storage as they arrive; if the request then fails,
     * what was stored is removed. Success completes the lead and the user's onboarding.
     */
    async updateDocuments(userId: number, parts: AsyncIterable<IntakePart>, context: RequestContext): Promise<void> {
      const { lead } = await linkedLead(userId);
      if (lead.status !== LEAD_STATUS.billingInfo) throw stepNotAllowed('Give the billing info first.');
      const stored = new Map<DocumentKey, StoredUpload>();
      const later = new Map<DocumentKey, boolean>();
      try {
        for await (const part of parts) {
          const lowered = part.name.toLowerCase();
          if (part.kind === 'field') {
            const key = LATER_FIELD.get(lowered);
            if (key) later.set(key, part.value.trim().toLowerCase() === 'true');
            continue;
          }
          const key = FILE_FIELD.get(lowered);
          if (!key || stored.has(key)) {
            await intake.skip(part);
            if (key) throw invalid(LEAD_DOCUMENT_FIELDS[key].file, 'Send one file per document.');
            continue;
          }
          stored.set(key, await storeFile(part, LEAD_DOCUMENT_FIELDS[key].file));
        }
        for (const key of DOCUMENT_KEYS) {
          const { file } = LEAD_DOCUMENT_FIELDS[key];
          if (later.get(key) && stored.has(key)) throw invalid(file, 'Either upload the file or tick upload later.');
          if (!later.get(key) && !stored.has(key)) throw invalid(file, 'This field is required');
        }
        await db.transaction(async (tx) => {
          const row = await leads.findLinkedToUser(userId, tx, true);
          if (!row || row.lead.id !== lead.id) throw new NotFoundError(LEAD_NOT_FOUND);
          if (row.lead.status !== LEAD_STATUS.billingInfo) throw stepNotAllowed('Give the billing info first.');
          const fileIds: Partial<Record<(typeof FILE_ID_COLUMN)[DocumentKey], number>> = {};
          for (const [key, file] of stored) fileIds[FILE_ID_COLUMN[key]] = await leads.insertStoredFile(file, tx);
          await leads.updateLead(lead.id, { ...fileIds, status: LEAD_STATUS.completed }, tx);
          await leads.markOnboardingCompleted(userId, tx);
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.leadOnboardingCompleted,
              actorUserId: userId,
              objectType: 'lead',
              objectId: lead.id,
              clientId: lead.clientId ?? undefined,
              details: {
                uploaded: [...stored.keys()],
                uploadLater: DOCUMENT_KEYS.filter((key) => later.get(key)),
              },
            },
            tx,
          );
        });
      } catch (error) {
        await intake.remove(stored.values());
        throw error;
      }
    },
  };
}
