import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { auditEvents, userProfilePictures } from '../../../db/schema/index.js';
import { seedDemoFirm } from '../../../db/seed/demo.js';
import { AUDIT_ACTION } from '../../audit/audit.repository.js';
import { createUser } from '../../../testing/factories.js';
import { createJpeg, createPng, profileForm, setProfilePicture } from '../../../testing/profile-factories.js';
import { bearer, signIn, type SignedIn } from '../../../testing/session.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';

const ME = '/api/v1/identity/users/me';
const MY_PICTURE = '/api/v1/identity/users/me/profile-picture';
const PASSWORD = '/api/v1/identity/users/me/password';
const pictureOf = (userId: number) => `/api/v1/identity/users/${userId}/profile-picture`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

async function newSession(role: 'client' | 'advisor' | 'employee' = 'advisor') {
  const user = await createUser(t.database.db, { role, firstName: 'Old', phoneNumber: '(555) 000-0000' });
  return { user, session: await signIn(t.app, user.username, user.password) };
}

function putProfile(session: SignedIn, form: FormData) {
  return t.app.inject({ method: 'PUT', url: ME, headers: bearer(session), payload: form });
}

const validFields = { FirstName: 'Grace', LastName: 'Hopper', PhoneNumber: '(555) 123-4567' };

describe('GET identity/users/me', () => {
  it("answers the signed-in user's profile with role display names", async () => {
    const session = await signIn(t.app, 'b1g1_advisor@gmail.com', 'Group1');
    const response = await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: session.userId,
      version: expect.stringMatching(/^\d+$/),
      firstName: 'Batch1',
      lastName: 'Group1',
      fullName: 'Batch1 Group1',
      username: 'b1g1_advisor',
      emailAddress: 'b1g1_advisor@gmail.com',
      phoneNumber: '5550100000',
      extension: '1001',
      departmentId: null,
      roles: ['Advisor'],
      hasProfilePicture: false,
    });
  });
});

describe('GET identity/departments/all', () => {
  it('lists the departments as dropdown options with string values', async () => {
    const session = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/identity/departments/all',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    const options = response.json() as Array<{ value: string; displayText: string }>;
    expect(options.map((o) => o.displayText)).toEqual(['Tax', 'Bookkeeping', 'Payroll', 'Consultancy services']);
    expect(options.every((o) => typeof o.value === 'string' && /^\d+$/.test(o.value))).toBe(true);
  });

  it('accepts a trailing slash', async () => {
    const session = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/identity/departments/all/',
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('PUT identity/users/me', () => {
  it('saves names, phone and extension from a multipart form and answers the new profile', async () => {
    const { session } = await newSession('advisor');
    const response = await putProfile(session, profileForm({ ...validFields, Extension: '4321' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      fullName: 'Grace Hopper',
      phoneNumber: '5551234567', // stored in the one normalised form
      extension: '4321',
      hasProfilePicture: false,
    });
    const me = (await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).json();
    expect(me).toMatchObject({ firstName: 'Grace', extension: '4321' });
  });

  it('matches field names case-insensitively and trims the values', async () => {
    const { session } = await newSession('advisor');
    const response = await putProfile(
      session,
      profileForm({ firstname: '  Ada ', LASTNAME: 'Lovelace', phoneNumber: '5550100555', extension: '' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', extension: null });
  });

  it('refuses missing required fields and a malformed extension, naming the fields', async () => {
    const { session } = await newSession('advisor');
    const response = await putProfile(session, profileForm({ LastName: 'X', PhoneNumber: '', Extension: '12a4' }));
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.details as Array<{ field: string }>).map((d) => d.field).sort();
    expect(fields).toEqual(['extension', 'firstName', 'phoneNumber']);
  });

  it('refuses an extension from a client user, and saves a client profile without one', async () => {
    const { session } = await newSession('client');
    const refused = await putProfile(session, profileForm({ ...validFields, Extension: '1234' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ field: 'extension' })]);

    const saved = await putProfile(session, profileForm(validFields));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ firstName: 'Grace', extension: null });
  });

  it('answers 415 to a JSON body', async () => {
    const { session } = await newSession();
    const response = await t.app.inject({
      method: 'PUT',
      url: ME,
      headers: bearer(session),
      payload: { firstName: 'A', lastName: 'B', phoneNumber: '1' },
    });
    expect(response.statusCode).toBe(415);
  });

  it('stores a PNG picture and serves it privately, without sniffing', async () => {
    const { session } = await newSession();
    const saved = await putProfile(
      session,
      profileForm({ ...validFields, IsProfilePictureChanged: 'true' }, { data: await createPng() }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().hasProfilePicture).toBe(true);

    const picture = await t.app.inject({ method: 'GET', url: MY_PICTURE, headers: bearer(session) });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toContain('private');
    expect(picture.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(picture.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 400, 200]);
  });

  it('accepts a JPEG (by content, whatever its name) and strips its metadata', async () => {
    const { session } = await newSession();
    const withExif = await sharp(await createJpeg())
      .withExif({ IFD0: { Copyright: 'Someone', ImageDescription: 'Taken at home' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const saved = await putProfile(
      session,
      profileForm({ ...validFields, IsProfilePictureChanged: 'True' }, { data: withExif, fileName: 'photo.JPG' }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const picture = await t.app.inject({ method: 'GET', url: MY_PICTURE, headers: bearer(session) });
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(picture.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuses a text file named .png with 415 and keeps the previous picture', async () => {
    const { user, session } = await newSession();
    await setProfilePicture(t.database.db, user.id);
    const response = await putProfile(
      session,
      profileForm(
        { ...validFields, IsProfilePictureChanged: 'true' },
        { data: Buffer.from('just some text, not an image'), fileName: 'evil.png', type: 'image/png' },
      ),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const [row] = await t.database.db
      .select({ contentType: userProfilePictures.contentType })
      .from(userProfilePictures)
      .where(eq(userProfilePictures.userId, user.id));
    expect(row?.contentType).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).json().firstName).toBe('Old');
  });

  it('refuses another image type (GIF) with 415', async () => {
    const { session } = await newSession();
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await putProfile(
      session,
      profileForm({ ...validFields, IsProfilePictureChanged: 'true' }, { data: gif, fileName: 'a.png' }),
    );
    expect(response.statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const { session } = await newSession();
    const big = Buffer.concat([await createPng(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const response = await putProfile(
      session,
      profileForm({ ...validFields, IsProfilePictureChanged: 'true' }, { data: big }),
    );
    expect(response.statusCode).toBe(413);
  });

  it('removes the picture when IsProfilePictureChanged comes without a file, and keeps it otherwise', async () => {
    const { user, session } = await newSession();
    await setProfilePicture(t.database.db, user.id);
    const kept = await putProfile(session, profileForm({ ...validFields, IsProfilePictureChanged: 'false' }));
    expect(kept.json().hasProfilePicture).toBe(true);

    const removed = await putProfile(session, profileForm({ ...validFields, IsProfilePictureChanged: 'true' }));
    expect(removed.statusCode).toBe(200);
    expect(removed.json().hasProfilePicture).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: MY_PICTURE, headers: bearer(session) })).statusCode).toBe(404);
  });
});

describe('profile pictures', () => {
  it('scales to the asked width or height, keeping the aspect ratio', async () => {
    const { user, session } = await newSession();
    await setProfilePicture(t.database.db, user.id, await createPng(400, 200));
    const byWidth = await t.app.inject({ method: 'GET', url: `${MY_PICTURE}?width=100`, headers: bearer(session) });
    expect(byWidth.statusCode).toBe(200);
    const a = await sharp(byWidth.rawPayload).metadata();
    expect([a.width, a.height]).toEqual([100, 50]);

    const byHeight = await t.app.inject({
      method: 'GET',
      url: `${pictureOf(user.id)}?height=40`,
      headers: bearer(session),
    });
    const b = await sharp(byHeight.rawPayload).metadata();
    expect([b.width, b.height]).toEqual([80, 40]);
  });

  it('refuses sizes outside 16..1024', async () => {
    const { user, session } = await newSession();
    await setProfilePicture(t.database.db, user.id);
    for (const query of ['width=8', 'height=5000', 'width=abc']) {
      const response = await t.app.inject({ method: 'GET', url: `${MY_PICTURE}?${query}`, headers: bearer(session) });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers 304 when the picture has not changed since the ETag the browser holds', async () => {
    const { user, session } = await newSession();
    await setProfilePicture(t.database.db, user.id);
    const first = await t.app.inject({ method: 'GET', url: `${MY_PICTURE}?width=32`, headers: bearer(session) });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: `${MY_PICTURE}?width=32`,
      headers: { ...bearer(session), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it("lets staff read any user's picture and a client user only their own", async () => {
    const db = t.database.db;
    const { user: client, session: clientSession } = await newSession('client');
    const { user: otherClient } = await newSession('client');
    await setProfilePicture(db, client.id);
    await setProfilePicture(db, otherClient.id);
    const employee = await signIn(t.app, 'b1g1_employee@gmail.com', 'Group1');

    const get = (session: SignedIn, userId: number) =>
      t.app.inject({ method: 'GET', url: pictureOf(userId), headers: bearer(session) });
    expect((await get(employee, client.id)).statusCode).toBe(200);
    expect((await get(clientSession, client.id)).statusCode).toBe(200);
    expect((await get(clientSession, otherClient.id)).statusCode).toBe(404);
    expect((await get(clientSession, employee.userId)).statusCode).toBe(404);
    expect((await get(employee, 999_999)).statusCode).toBe(404);
  });
});

describe('PATCH identity/users/me/password', () => {
  const change = (session: SignedIn, payload: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: PASSWORD, headers: bearer(session), payload });

  it('refuses a wrong old password with OLD_PASSWORD_INCORRECT and audits it', async () => {
    const { user, session } = await newSession();
    const response = await change(session, {
      oldPassword: 'Wrong1',
      password: 'Newpass1',
      confirmPassword: 'Newpass1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('OLD_PASSWORD_INCORRECT');
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.passwordChangeFailed), eq(auditEvents.actorUserId, user.id)));
    expect(events).toHaveLength(1);
  });

  it('validates the new password: pattern, confirmation, and different from the old one', async () => {
    const { user, session } = await newSession();
    const cases: Array<[Record<string, string>, string]> = [
      [{ oldPassword: user.password, password: 'short', confirmPassword: 'short' }, 'password'],
      [{ oldPassword: user.password, password: 'Newpass1', confirmPassword: 'Newpass2' }, 'confirmPassword'],
      [{ oldPassword: user.password, password: user.password, confirmPassword: user.password }, 'password'],
      [{ oldPassword: '', password: 'Newpass1', confirmPassword: 'Newpass1' }, 'oldPassword'],
    ];
    for (const [payload, field] of cases) {
      const response = await change(session, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.details).toContainEqual(expect.objectContaining({ field }));
    }
  });

  it('changes the password, keeps this session, ends the others and audits it', async () => {
    const { user, session } = await newSession();
    const other = await signIn(t.app, user.username, user.password);
    const response = await change(session, {
      oldPassword: user.password,
      password: 'Brandnew9',
      confirmPassword: 'Brandnew9',
    });
    expect(response.statusCode).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(session) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ME, headers: bearer(other) })).statusCode).toBe(401);
    await expect(signIn(t.app, user.username, user.password)).rejects.toThrow();
    await expect(signIn(t.app, user.username, 'Brandnew9')).resolves.toBeTruthy();
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, AUDIT_ACTION.passwordChanged), eq(auditEvents.actorUserId, user.id)));
    expect(events).toHaveLength(1);
  });

  it('throttles repeated wrong old passwords with 429', async () => {
    const { session } = await newSession();
    const wrong = { oldPassword: 'Wrong1', password: 'Newpass1', confirmPassword: 'Newpass1' };
    for (let i = 0; i < t.config.loginThrottle.maxFailuresPerAccount; i++) {
      expect((await change(session, wrong)).statusCode).toBe(400);
    }
    const throttled = await change(session, wrong);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBeDefined();
  });
});
