/** Placeholder: the client's view of one request, where each item is answered (issue 20). */
export function RespondToRequest({ id }: { id: number }) {
  return <div data-request-id={id} />;
}
