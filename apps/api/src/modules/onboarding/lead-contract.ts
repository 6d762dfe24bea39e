import { PassThrough, type Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { PAYMENT_FREQUENCY, contractDateText, type ServicePlanDto } from '@ledgerport/shared';

export interface LeadContractInput {
  legalCompanyName: string;
  contactFullName: string;
  plans: readonly ServicePlanDto[];
  /** The day the contract is dated: its acceptance, or today while it is only being read. */
  date: Date;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function planFeeText(plan: Pick<ServicePlanDto, 'fee' | 'paymentFrequency'>): string {
  if (plan.fee === null) return 'Custom price';
  return `${usd.format(plan.fee)} ${plan.paymentFrequency === PAYMENT_FREQUENCY.annual ? 'per year' : 'per month'}`;
}

export function planTitle(plan: Pick<ServicePlanDto, 'isPackage' | 'services'>): string {
  const names = plan.services.map((service) => service.displayName).join(' + ');
  return plan.isPackage ? `${names} package` : names;
}

/**
 * The contract's terms paragraph. The custom-price sentence only when a chosen plan has no fixed fee
 * (shown as "Custom price" above): with fixed fees only, there is nothing left to agree.
 */
export function contractTermsText(plans: readonly Pick<ServicePlanDto, 'fee'>[]): string {
  const customPrice = plans.some((plan) => plan.fee === null)
    ? 'A custom price is agreed with the Client separately before any work starts. '
    : '';
  return (
    customPrice +
    'Fees are charged in advance for each billing period. Either party may end this agreement with 30 days ' +
    'written notice.'
  );
}

/**
 * The engagement contract of a lead as a PDF, generated on request and streamed (nothing is kept):
 * it always reflects the lead's current company name and chosen plans.
 */
export function leadContractPdf(input: LeadContractInput): Readable {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: 'Service agreement' } });
  const out = new PassThrough();
  doc.pipe(out);

  doc.fontSize(18).text('Service agreement', { align: 'center' }).moveDown();
  doc
    .fontSize(11)
    .text(`Date: ${contractDateText(input.date)}`)
    .moveDown(0.5);
  doc.text(`Client: ${input.legalCompanyName}`);
  doc.text(`Contact: ${input.contactFullName}`).moveDown();
  doc
    .text(
      `This agreement sets out the services the firm provides to ${input.legalCompanyName} ("the Client") ` +
        'and the fees the Client pays for them. Services start once the Client has created an account, ' +
        'given billing information and provided the documents the firm asks for.',
    )
    .moveDown();

  doc.fontSize(13).text('Services and fees').moveDown(0.5);
  doc.fontSize(11);
  if (input.plans.length === 0) doc.text('No service plan has been chosen yet.');
  for (const plan of input.plans) doc.text(`• ${planTitle(plan)}: ${planFeeText(plan)}`);
  doc.moveDown();

  doc.text(contractTermsText(input.plans)).moveDown(2);
  doc.text(`Accepted for ${input.legalCompanyName} on ${contractDateText(input.date)}.`);
  doc.end();
  return out;
}
