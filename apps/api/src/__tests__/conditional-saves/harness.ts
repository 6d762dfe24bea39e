import type { LightMyRequestResponse } from 'fastify';
import type { SignedIn } from '../../testing/session.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * The conditional-saves suite's parts (issue 21 items 1 and 5): each module's file lists its edit
 * routes as cases (two saves from one version), as guarded otherwise (with the reason), or as pending
 * (not converted yet; only shrinks). `conditional-saves.test.ts` runs them and checks that every
 * PUT, PATCH and DELETE of the API is listed somewhere.
 */

export interface Editable {
  /** The object's GET (it answers the ETag, and `version` in the body). */
  get?: string;
  /**
   * For an object edited from its list row (no GET of its own): reads its `version` from the list;
   * null once it is gone.
   */
  current?: (ctx: CaseContext) => Promise<{ version: string; body: unknown } | null>;
  /** The conditional save: method, URL and one body per contender (bodies differ, so the winner shows). */
  method: 'PUT' | 'PATCH' | 'DELETE';
  url?: string;
  bodies?: [object, object];
  /**
   * For a bulk change, whose versions travel with its ids (in the query or the body) instead of in
   * If-Match: the request for a contender with `version` (null: none, unconditional).
   */
  versioned?: (version: string | null, contender: 0 | 1) => { url: string; body?: object };
  /** Who saves (the firm's admin unless said). */
  as?: SignedIn;
  /**
   * The name the refusal gives as the last to save (the one who saved: "Batch1 Group1" for the
   * admin); null when the refusal names no one (a public link).
   */
  savedBy?: string | null;
}

export interface ConditionalCase {
  route: string;
  make: (ctx: CaseContext) => Promise<Editable>;
}

export interface CaseContext {
  t: TestApp;
  admin: SignedIn;
  /** The demo firm's "tax" service and a client (its own owner) that uses it. */
  taxServiceId: number;
  clientId: number;
  call: (
    session: SignedIn,
    method: string,
    url: string,
    payload?: object,
    ifMatch?: string,
  ) => Promise<LightMyRequestResponse>;
  /** POSTs as the admin, expects 201 and answers the new id. */
  created: (url: string, body: object) => Promise<number>;
}

export interface CaseModule {
  cases: ConditionalCase[];
  /** Saves that cannot lose another person's change, and why. */
  guarded: Record<string, string>;
  /** Not converted yet (issue 21): this list only shrinks. */
  pending: string[];
}

export const D = '/api/v1/document';

/** A short random suffix for names that must be unique. */
export const unique = () => Math.random().toString(36).slice(2, 8);
