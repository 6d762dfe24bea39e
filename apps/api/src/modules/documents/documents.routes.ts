import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_TYPE,
  changeDocumentStatusInputSchema,
  documentCommentDtoSchema,
  documentCountsDtoSchema,
  documentDefaultFiltersDtoSchema,
  documentDetailsDtoSchema,
  deleteDocumentsQuerySchema,
  documentListSchema,
  documentTagGroupOptionSchema,
  documentUploadersQuerySchema,
  dropdownOptionSchema,
  editDocumentInputSchema,
  idParamsSchema,
  insertDocumentCommentInputSchema,
  listDocumentsQuerySchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { DOCUMENT_PERMISSION as P, type DocumentsService } from './documents.service.js';

const tags = ['document'];
const noContent = { 204: z.null().describe('No content') };
const EITHER_LIST = `${P.myUploadList}|${P.receivedList}` as const;

/** The two lists share every route shape; only the side and the permissions differ. */
const SIDES = [
  {
    path: 'my-upload',
    type: DOCUMENT_TYPE.myUpload,
    label: 'my uploads',
    list: P.myUploadList,
    edit: P.myUploadEdit,
    delete: P.myUploadDelete,
  },
  {
    path: 'received',
    type: DOCUMENT_TYPE.received,
    label: 'received documents',
    list: P.receivedList,
    edit: P.receivedEdit,
    delete: P.receivedDelete,
  },
] as const;

/** My uploads and Received documents (spec 02 sections 2-9; DESIGN.md section 6). */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  for (const side of SIDES) {
    app.get(
      `/document/documents/${side.path}`,
      {
        config: { permission: side.list },
        schema: {
          tags,
          summary: `The caller's ${side.label}, filtered, sorted and paged`,
          description:
            'tags: a document matches when, in every tag group of the given tags, it carries one of them. ' +
            'creationTimeFrom/To are whole days (M-D-YYYY, UTC), both inclusive. clientId is ignored for ' +
            'client users, who see their current client.',
          querystring: listDocumentsQuerySchema,
          response: { 200: documentListSchema },
        },
      },
      async (request) => documents.list(request.query, side.type, principalOf(request)),
    );

    app.put(
      `/document/documents/${side.path}/:id`,
      {
        config: { permission: side.edit },
        schema: {
          tags,
          summary: `Edit one of the ${side.label}: name, client, service, tags, description`,
          description: `The list's rows and the document's GET carry its \`version\`. ${IF_MATCH_NOTE}`,
          params: idParamsSchema,
          body: editDocumentInputSchema,
          response: { 200: documentDetailsDtoSchema },
        },
      },
      async (request, reply) =>
        withEtag(
          reply,
          await documents.edit(
            request.params.id,
            side.type,
            request.body,
            principalOf(request),
            requestContext(request),
            ifMatchOf(request),
          ),
        ),
    );

    app.delete(
      `/document/documents/${side.path}`,
      {
        config: { permission: side.delete },
        schema: {
          tags,
          summary: `Delete ${side.label} with their files (?ids=1&ids=2); any id out of reach deletes nothing`,
          description:
            'Optionally `versions`, one per id in the same order (the list rows’ `version`): any stale one ' +
            'answers 412 STALE_VERSION with `staleIds` and deletes nothing.',
          querystring: deleteDocumentsQuerySchema,
          response: noContent,
        },
      },
      async (request, reply) => {
        await documents.delete(
          request.query.ids,
          side.type,
          principalOf(request),
          requestContext(request),
          request.query.versions,
        );
        return reply.status(204).send(null);
      },
    );
  }

  app.patch(
    '/document/documents/received/status',
    {
      config: { permission: P.receivedChangeStatus },
      schema: {
        tags,
        summary: 'Set the status of received documents, optionally adding the same comment to each',
        description:
          'Optionally `versions`, one per id of `documentIds` in the same order (the list rows’ `version`): ' +
          'any stale one answers 412 STALE_VERSION with `staleIds` and changes nothing.',
        body: changeDocumentStatusInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await documents.changeStatus(request.body, principalOf(request), requestContext(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/document/documents/uploaders',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: `The uploaded-by filter: people who uploaded a document the caller may see (at most 20)`,
        querystring: documentUploadersQuerySchema,
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async (request) => documents.uploaders(request.query.text, principalOf(request)),
  );

  app.get(
    '/document/documents/default-filters',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: "The lists' starting filter: an employee's department's lowest-id active service",
        response: { 200: documentDefaultFiltersDtoSchema },
      },
    },
    async (request) => documents.defaultFilters(principalOf(request)),
  );

  app.get(
    '/document/documents/counts',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: 'How many documents each list holds for the caller (0 for a list they may not see)',
        response: { 200: documentCountsDtoSchema },
      },
    },
    async (request) => documents.counts(principalOf(request)),
  );

  app.get(
    '/document/documents/tag-groups',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: 'Every tag group in display order with its active tags, for the pickers and the tag filter',
        response: { 200: z.array(documentTagGroupOptionSchema) },
      },
    },
    async () => documents.tagGroups(),
  );

  app.get(
    '/document/documents/:id',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: 'One document the caller may see',
        description: 'Answers an ETag (also `version`) for If-Match on the edit.',
        params: idParamsSchema,
        response: { 200: documentDetailsDtoSchema },
      },
    },
    async (request, reply) =>
      withEtag(reply, await documents.details(request.params.id, principalOf(request), requestContext(request))),
  );

  app.get(
    '/document/documents/:id/comments',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: "A document's comments, oldest first",
        params: idParamsSchema,
        response: { 200: z.array(documentCommentDtoSchema) },
      },
    },
    async (request) => documents.comments(request.params.id, principalOf(request)),
  );

  app.post(
    '/document/documents/:id/comments',
    {
      config: { permission: EITHER_LIST },
      schema: {
        tags,
        summary: 'Comment on a document (documentId in the body, when given, must be the one in the path)',
        params: idParamsSchema,
        body: insertDocumentCommentInputSchema,
        response: { 201: documentCommentDtoSchema },
      },
    },
    async (request, reply) => {
      const comment = await documents.addComment(
        request.params.id,
        request.body,
        principalOf(request),
        requestContext(request),
      );
      return reply.status(201).send(comment);
    },
  );
};
