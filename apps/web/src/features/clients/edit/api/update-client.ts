import { clientEditDtoSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateReferenceData } from '@/lib/reference-data/reference-keys';
import {
  toMultipart,
  type ClientFormValues,
  type EditableClientType,
  type PictureChange,
} from '../lib/client-form-values';
import { clientEditKeys } from './client-edit-keys';

export interface UpdateClientInput {
  clientType: EditableClientType;
  id: number;
  values: ClientFormValues;
  picture: PictureChange;
  /** The version the form loaded, sent as If-Match (a stale one answers 412). */
  version?: string;
}

/** `PUT document/clients/business|personal/{id}` as multipart, with the field names spec 02 section 7 lists. */
export function updateClient({ clientType, id, values, picture, version }: UpdateClientInput) {
  return api.put(`/document/clients/${clientType}/${id}`, {
    body: toMultipart(clientType, id, values, picture),
    ifMatch: version,
    schema: clientEditDtoSchema,
    fileTransfer: true,
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: async (client, { clientType, id }) => {
      queryClient.setQueryData(clientEditKeys.client(clientType, id), client);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...clientEditKeys.all, 'picture', id] }),
        // The client's name shows in the client pickers and its services in the service pickers.
        invalidateReferenceData(queryClient, 'clients', 'services'),
      ]);
    },
  });
}
