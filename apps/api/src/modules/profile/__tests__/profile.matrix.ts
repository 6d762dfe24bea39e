import { signedIn, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { profileForm, setProfilePicture } from '../../../testing/profile-factories.js';

export const rows: MatrixRow[] = [
  { method: 'GET', route: '/api/v1/identity/users/me', expect: signedIn(200) },
  {
    method: 'PUT',
    route: '/api/v1/identity/users/me',
    body: () => profileForm({ FirstName: 'Matrix', LastName: 'Actor', PhoneNumber: '(555) 010-0000' }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/identity/users/me/profile-picture',
    url: async (f, actor) => {
      if (actor !== 'anonymous') await setProfilePicture(f.db, f.userIds[actor]);
      return '/api/v1/identity/users/me/profile-picture?width=32';
    },
    expect: signedIn(200),
  },
  {
    method: 'GET',
    route: '/api/v1/identity/users/:id/profile-picture',
    url: async (f) => {
      await setProfilePicture(f.db, f.userIds.ownerA);
      return `/api/v1/identity/users/${f.userIds.ownerA}/profile-picture`;
    },
    // Staff see anyone's picture; a client user only their own.
    expect: signedIn(200, { collaboratorA: 404, ownerB: 404 }),
  },
  {
    method: 'PATCH',
    route: '/api/v1/identity/users/me/password',
    // A wrong old password: the call gets past the permission check and changes nothing.
    body: () => ({ oldPassword: 'Not-the-password1', password: 'Matrix123', confirmPassword: 'Matrix123' }),
    expect: signedIn(400),
  },
];
