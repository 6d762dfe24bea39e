/** Texts of the home screen (spec 01 section 2.10). */
export const home = {
  documents: {
    label: 'Documents',
    receivedDocsDescription: 'Documents you have received',
    myUploadsDescription: 'Documents you have uploaded',
  },
  services: {
    title: 'Services',
    empty: 'There are no services to show yet.',
    open: 'Open {{name}}',
  },
  tags: {
    breadcrumb: 'Breadcrumb',
    allTags: 'All tags',
    allTagsDescription: 'Every document of this service',
    title: 'Document types',
    empty: 'This service has no document types yet.',
  },
  appointments: {
    title: 'Book an appointment',
    intro: 'Talk to our team about your books or your taxes.',
    bookkeeping: 'Bookkeeping department',
    tax: 'Tax department',
    opensInNewTab: 'opens in a new tab',
  },
} as const;
