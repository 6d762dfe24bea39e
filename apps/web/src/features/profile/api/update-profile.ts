import { profileDtoSchema, type ProfileForm } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ME_PATH, profileKeys } from './profile-keys';

/** What happens to the picture on save. */
export type PictureChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export interface UpdateProfileInput {
  values: ProfileForm;
  picture: PictureChange;
  /** Client users have no extension (spec 01 section 5): the field is not sent at all. */
  withExtension: boolean;
  /** The version the form loaded, sent as If-Match (another tab's save meanwhile answers 412). */
  version?: string;
}

/** `PUT identity/users/me` as multipart, with the field names the API's existing clients use. */
export function updateProfile({ values, picture, withExtension, version }: UpdateProfileInput) {
  const form = new FormData();
  form.append('FirstName', values.firstName);
  form.append('LastName', values.lastName);
  form.append('PhoneNumber', values.phoneNumber);
  if (withExtension) form.append('Extension', values.extension);
  form.append('IsProfilePictureChanged', String(picture.kind !== 'keep'));
  if (picture.kind === 'replace') form.append('ProfilePicture', picture.file, picture.file.name);
  return api.put(ME_PATH, { body: form, ifMatch: version, schema: profileDtoSchema, fileTransfer: true });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      // The header's name and avatar follow from the same queries.
      await queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
