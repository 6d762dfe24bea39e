import type { MyClientDto, SessionUser } from '@ledgerport/shared';
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, type Locale } from './i18n';

/**
 * The browser-side session (spec 01 section 4.1), kept in localStorage so it survives reloads and is
 * shared by the tabs of one browser. The refresh token is deliberately absent: the server keeps it in
 * an HttpOnly cookie that script cannot read (DESIGN.md section 5).
 */
export const SESSION_STORAGE_PREFIX = 'ledgerport.';

const KEY = {
  accessToken: `${SESSION_STORAGE_PREFIX}accessToken`,
  user: `${SESSION_STORAGE_PREFIX}user`,
  permissions: `${SESSION_STORAGE_PREFIX}permissions`,
  currentClient: `${SESSION_STORAGE_PREFIX}currentClient`,
  postLoginFlag: `${SESSION_STORAGE_PREFIX}postLoginFlag`,
  locale: `${SESSION_STORAGE_PREFIX}locale`,
} as const;

export type CurrentClient = MyClientDto;

/** Why the last session ended; decides where the guard sends the user (spec 01 section 2.2). */
export type SessionEndReason = 'logout' | 'expired' | 'elsewhere';

export interface Session {
  accessToken: string | null;
  user: SessionUser | null;
  permissions: readonly string[];
  currentClient: CurrentClient | null;
  /** Set when the user arrived through login; the post-login steps (announcements) read it. */
  postLoginFlag: boolean;
  locale: Locale;
  /** Not stored: only meaningful inside the tab where the session ended. */
  endReason: SessionEndReason | null;
}

/*
 * Shape checks by hand rather than with the shared zod schemas: this module is on the path of the
 * first paint of every page, zod is not (DESIGN.md section 10 budget), and these values are only
 * ever written by this module.
 */
type Guard<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || isString(value);
const isInteger = (value: unknown): value is number => Number.isInteger(value);
const isStringArray: Guard<string[]> = (value): value is string[] => Array.isArray(value) && value.every(isString);

const isSessionUser: Guard<SessionUser> = (value): value is SessionUser =>
  isRecord(value) &&
  isInteger(value.id) &&
  (value.departmentId === null || isInteger(value.departmentId)) &&
  isString(value.firstName) &&
  isString(value.lastName) &&
  isString(value.username) &&
  isString(value.emailAddress) &&
  isStringArray(value.roles) &&
  typeof value.isTaxEmployee === 'boolean' &&
  typeof value.isLeadOnboardingCompleted === 'boolean' &&
  isStringOrNull(value.leadIdHash);

const isCurrentClient: Guard<CurrentClient> = (value): value is CurrentClient =>
  isRecord(value) &&
  isInteger(value.id) &&
  isString(value.name) &&
  isInteger(value.clientType) &&
  typeof value.usedBookkeepingServiceAtLeastOnce === 'boolean' &&
  typeof value.isOwner === 'boolean';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled by browser policy; the app then simply behaves as signed out.
    return null;
  }
}

function readJson<T>(key: string, guard: Guard<T>): T | null {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return null;
  try {
    const value: unknown = JSON.parse(raw);
    // A value written by an older version of the app, or edited by hand, is treated as absent.
    return guard(value) ? value : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null || value === undefined) storage()?.removeItem(key);
    else storage()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Quota or policy errors: nothing sensible to do here; the next read shows what was kept.
  }
}

function readAll(endReason: SessionEndReason | null): Session {
  return {
    accessToken: storage()?.getItem(KEY.accessToken) ?? null,
    user: readJson(KEY.user, isSessionUser),
    permissions: readJson(KEY.permissions, isStringArray) ?? [],
    currentClient: readJson(KEY.currentClient, isCurrentClient),
    postLoginFlag: storage()?.getItem(KEY.postLoginFlag) === 'true',
    locale: DEFAULT_LOCALE,
    endReason,
  };
}

let snapshot: Session = readAll(null);
const listeners = new Set<() => void>();

function publish(endReason: SessionEndReason | null = snapshot.endReason) {
  snapshot = readAll(endReason);
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // Another tab signed in, refreshed the token, switched the client or signed out.
  if (event.key !== null && !event.key.startsWith(SESSION_STORAGE_PREFIX)) return;
  const hadSession = snapshot.accessToken !== null;
  const hasSession = (storage()?.getItem(KEY.accessToken) ?? null) !== null;
  publish(hadSession && !hasSession ? 'elsewhere' : hasSession ? null : snapshot.endReason);
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function getSession(): Session {
  return snapshot;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

export function isSignedIn(session: Session): boolean {
  return session.accessToken !== null && session.user !== null;
}

/**
 * Reads the token straight from storage rather than the snapshot: another tab may have refreshed it
 * a moment ago and its storage event may not have reached this tab yet.
 */
export function readStoredAccessToken(): string | null {
  return storage()?.getItem(KEY.accessToken) ?? null;
}

/** Re-reads storage after another tab changed it (used when a cross-tab refresh is detected). */
export function reloadSession(): void {
  publish();
}

/**
 * A new sign-in starts without a chosen account: the server keeps the current account per session
 * (ADR 0014), so an account left in this browser by an earlier session might not be the new
 * session's; the layout's account step chooses it again (by itself when there is one).
 */
export function startSession(input: { accessToken: string; user: SessionUser; permissions: readonly string[] }) {
  write(KEY.currentClient, null);
  write(KEY.accessToken, input.accessToken);
  write(KEY.user, input.user);
  write(KEY.permissions, input.permissions);
  write(KEY.locale, DEFAULT_LOCALE);
  publish(null);
}

export function updateTokens(input: { accessToken: string; permissions: readonly string[] }) {
  write(KEY.accessToken, input.accessToken);
  write(KEY.permissions, input.permissions);
  publish();
}

export function setCurrentClient(client: CurrentClient | null) {
  write(KEY.currentClient, client);
  publish();
}

export function setPostLoginFlag(value: boolean) {
  write(KEY.postLoginFlag, value ? 'true' : null);
  publish();
}

/** Removes every stored session value (tokens, user, permissions, client, flags, locale). */
export function clearSession(reason: SessionEndReason) {
  const store = storage();
  if (store) {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(SESSION_STORAGE_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  }
  publish(reason);
}
