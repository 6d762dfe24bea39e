import { pdfBytes } from '../../../testing/documents-factories.js';
import { signedIn, type Actor, type MatrixFixture, type MatrixRow } from '../../../testing/authorization-matrix.js';
import { multipartBody, otherDocumentsTagId } from './multipart.js';

/**
 * Everyone holding my-upload:add (all default roles) uploads: staff into clientA, client users into
 * the client they act for (ownerB's is clientB), so they may leave ClientId out. The deactivated
 * collaborator still has clientA as current client, but its grant no longer counts: 404.
 */
async function uploadFor(f: MatrixFixture, actor: Actor) {
  const clientFields =
    actor === 'ownerA' || actor === 'collaboratorA' || actor === 'deactivatedCollaboratorA' || actor === 'ownerB'
      ? []
      : [{ name: 'ClientId', value: f.clientA }];
  return multipartBody([
    ...clientFields,
    { name: 'ServiceId', value: f.serviceId },
    { name: 'Tags', value: await otherDocumentsTagId(f.db) },
    { name: 'Files', fileName: `matrix-${actor}.pdf`, content: pdfBytes(actor) },
  ]);
}

export const rows: MatrixRow[] = [
  {
    method: 'POST',
    route: '/api/v1/document/documents/my-upload',
    raw: uploadFor,
    expect: signedIn(201, { deactivatedCollaboratorA: 404 }),
  },
];
