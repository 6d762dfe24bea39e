import { ERROR_CODE, type ProfileDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ProfileEditForm } from './profile-edit-form';

function buildProfile(overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 7,
    version: '301',
    firstName: 'Ada',
    lastName: 'Lovelace',
    fullName: 'Ada Lovelace',
    username: 'ada',
    emailAddress: 'ada@example.com',
    phoneNumber: '(555) 010-0000',
    extension: '1001',
    departmentId: null,
    roles: ['Advisor'],
    hasProfilePicture: false,
    ...overrides,
  };
}

function renderForm({ isClient = false, profile = buildProfile() } = {}) {
  const onDone = vi.fn();
  renderWithProviders(<ProfileEditForm profile={profile} isClient={isClient} onDone={onDone} />);
  return { onDone, user: userEvent.setup({ applyAccept: false }) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const pictureInput = () => screen.getByLabelText('Profile picture') as HTMLInputElement;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

/** The FormData the API client sent with `PUT identity/users/me`. */
function sentForm(fetchMock: ReturnType<typeof vi.fn>): FormData {
  const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/identity/users/me');
  expect(call?.[1]?.method).toBe('PUT');
  return call![1]!.body as FormData;
}

describe('ProfileEditForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the profile, with e-mail and username read-only', () => {
    renderForm();
    expect(textbox('First name').value).toBe('Ada');
    expect(textbox('Last name').value).toBe('Lovelace');
    expect(textbox('Phone number').value).toBe('(555) 010-0000');
    expect(textbox('Extension').value).toBe('1001');
    expect(textbox('Email').disabled).toBe(true);
    expect(textbox('Username').disabled).toBe(true);
  });

  it('offers no extension to a client user, and sends none', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(buildProfile({ extension: null })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm({ isClient: true, profile: buildProfile({ extension: null }) });
    expect(screen.queryByRole('textbox', { name: 'Extension' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentForm(fetchMock).has('Extension')).toBe(false);
  });

  it('requires names and phone, and an extension of exactly four digits, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm();
    await user.clear(textbox('First name'));
    await user.clear(textbox('Last name'));
    await user.clear(textbox('Phone number'));
    await user.clear(textbox('Extension'));
    await user.type(textbox('Extension'), '12x');
    expect(textbox('Extension').value).toBe('12'); // masked to digits
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('The extension must have exactly 4 digits')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a picture that is not PNG or JPEG before uploading', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm();
    await user.upload(pictureInput(), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The profile picture must be a PNG, JPG or JPEG image')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed fields and a new picture as multipart, confirms and leaves edit mode', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(buildProfile({ firstName: 'Grace', hasProfilePicture: true })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, onDone } = renderForm();

    await user.clear(textbox('First name'));
    await user.type(textbox('First name'), '  Grace ');
    await user.upload(pictureInput(), png());
    expect(await screen.findByRole('button', { name: 'Remove picture' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your profile has been saved successfully')).toBeTruthy();
    expect(onDone).toHaveBeenCalledTimes(1);
    const form = sentForm(fetchMock);
    expect(form.get('FirstName')).toBe('Grace');
    expect(form.get('LastName')).toBe('Lovelace');
    expect(form.get('PhoneNumber')).toBe('5550100000');
    expect(form.get('Extension')).toBe('1001');
    expect(form.get('IsProfilePictureChanged')).toBe('true');
    expect((form.get('ProfilePicture') as File).name).toBe('me.png');
  });

  it('removes the stored picture: changed, but no file', async () => {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url.includes('profile-picture')
        ? new Response(new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), { status: 200 })
        : jsonResponse(buildProfile()),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm({ profile: buildProfile({ hasProfilePicture: true }) });

    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText('Your profile has been saved successfully');
    const form = sentForm(fetchMock);
    expect(form.get('IsProfilePictureChanged')).toBe('true');
    expect(form.has('ProfilePicture')).toBe(false);
  });

  it('keeps the picture when it was not touched', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(buildProfile()));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Your profile has been saved successfully');
    expect(sentForm(fetchMock).get('IsProfilePictureChanged')).toBe('false');
  });

  it('reports a failed save and stays in edit mode', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(500, 'INTERNAL_ERROR')),
    );
    const { user, onDone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Couldn't save your profile. Please try again.")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('goes back without saving on Cancel', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, onDone } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed when another tab saved meanwhile, takes in their changes, and saves both', async () => {
    const theirs = buildProfile({ version: '302', phoneNumber: '(555) 222-3333' });
    const puts: Array<{ ifMatch: string | null; form: FormData }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method !== 'PUT') return jsonResponse(theirs);
        puts.push({ ifMatch: new Headers(init.headers).get('if-match'), form: init.body as FormData });
        if (puts.length === 1) {
          return errorResponse(
            412,
            ERROR_CODE.staleVersion,
            {},
            {
              changedBy: { id: 7, name: 'Ada Lovelace' },
              changedAt: '2026-11-26T14:05:00.000Z',
              currentVersion: '302',
            },
          );
        }
        return jsonResponse(buildProfile({ version: '303', firstName: 'Augusta' }));
      }),
    );
    const { user, onDone } = renderForm();

    await user.clear(textbox('First name'));
    await user.type(textbox('First name'), 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ada Lovelace saved it on');
    expect(alert.textContent).toContain('They changed: Phone number.');
    expect(textbox('First name').value).toBe('Augusta');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    expect(textbox('Phone number').value).toBe('(555) 222-3333');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(puts.map((put) => put.ifMatch)).toEqual(['"301"', '"302"']);
    expect(puts[1]!.form.get('FirstName')).toBe('Augusta');
    expect(puts[1]!.form.get('PhoneNumber')).toBe('5552223333');
  });
});
