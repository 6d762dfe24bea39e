import { REQUEST_ITEM_STATUS, REQUEST_STATUS, type RequestItemStatus, type RequestStatus } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_KEY = {
  [REQUEST_STATUS.open]: 'open',
  [REQUEST_STATUS.completed]: 'completed',
  [REQUEST_STATUS.cancelled]: 'cancelled',
} as const satisfies Record<RequestStatus, string>;

const STATUS_COLOR: Record<RequestStatus, string> = {
  [REQUEST_STATUS.open]: 'blue',
  [REQUEST_STATUS.completed]: 'green',
  [REQUEST_STATUS.cancelled]: 'gray',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]}>
      {t(`requests.status.${STATUS_KEY[status]}`)}
    </Badge>
  );
}

const ITEM_STATUS_KEY = {
  [REQUEST_ITEM_STATUS.requested]: 'requested',
  [REQUEST_ITEM_STATUS.submitted]: 'submitted',
  [REQUEST_ITEM_STATUS.accepted]: 'accepted',
  [REQUEST_ITEM_STATUS.returned]: 'returned',
} as const satisfies Record<RequestItemStatus, string>;

const ITEM_STATUS_COLOR: Record<RequestItemStatus, string> = {
  [REQUEST_ITEM_STATUS.requested]: 'gray',
  [REQUEST_ITEM_STATUS.submitted]: 'blue',
  [REQUEST_ITEM_STATUS.accepted]: 'green',
  [REQUEST_ITEM_STATUS.returned]: 'orange',
};

export function RequestItemStatusBadge({ status }: { status: RequestItemStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={ITEM_STATUS_COLOR[status]}>
      {t(`requests.itemStatus.${ITEM_STATUS_KEY[status]}`)}
    </Badge>
  );
}

/** Overdue is said in words as well as in red, so it does not rest on colour alone. */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="filled" size="sm">
      {t('requests.overdue')}
    </Badge>
  );
}
