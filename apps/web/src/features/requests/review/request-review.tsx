/** Placeholder: staff's view of one request (issue 20). */
export function RequestReview({ id }: { id: number }) {
  return <div data-request-id={id} />;
}
