import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './server-sent-events';

/** A body that arrives in the given chunks, split wherever the network happens to split it. */
function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('reading a Server-Sent Events stream', () => {
  it('hands over each complete event, whatever the chunks, and skips comments', async () => {
    const events: ServerSentEvent[] = [];
    await readServerSentEvents(
      bodyOf([
        ': ping\n\nevent: unr',
        'ead\ndata: {"unreadCount":1}\n',
        '\nevent: unread\r\ndata: {"unreadCount":2}\r\n\r\n',
      ]),
      (event) => events.push(event),
    );
    expect(events).toEqual([
      { event: 'unread', data: '{"unreadCount":1}' },
      { event: 'unread', data: '{"unreadCount":2}' },
    ]);
  });

  it('joins multi-line data, names an unnamed event "message", and drops an event cut off by the end', async () => {
    const events: ServerSentEvent[] = [];
    await readServerSentEvents(bodyOf(['data: one\ndata: two\n\nevent: unread\ndata: {"unre']), (event) =>
      events.push(event),
    );
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('reads a character split across two chunks', async () => {
    const bytes = new TextEncoder().encode('data: café\n\n');
    const events: ServerSentEvent[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10)); // "é" is two bytes: 9 and 10
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    await readServerSentEvents(body, (event) => events.push(event));
    expect(events).toEqual([{ event: 'message', data: 'café' }]);
  });
});
