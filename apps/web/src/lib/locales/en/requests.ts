/** Requests to clients (issue 20): the staff list, details and review, and the create and edit dialogs. */
export const requests = {
  status: {
    open: 'Open',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  itemStatus: {
    requested: 'Requested',
    submitted: 'Submitted',
    accepted: 'Accepted',
    returned: 'Returned',
  },
  itemKind: {
    documents: 'Documents',
    answer: 'Answer',
    both: 'Documents and answer',
  },
} as const;
