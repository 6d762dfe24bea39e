import type { ConversationDto, MessageDto } from '@ledgerport/shared';

/**
 * Who has seen the newest message: everyone but the reader and its author whose read mark is at or
 * after it. An internal note is only ever seen by staff, so client users are left out for it.
 */
export function seenByNames(
  conversation: ConversationDto,
  newest: MessageDto | undefined,
  meUserId: number | undefined,
) {
  if (!newest) return [];
  const sent = new Date(newest.createdAt).getTime();
  return conversation.participants
    .filter(
      (participant) =>
        participant.userId !== meUserId &&
        participant.userId !== newest.author.userId &&
        (!newest.isInternalNote || participant.isStaff) &&
        participant.seenAt !== null &&
        new Date(participant.seenAt).getTime() >= sent,
    )
    .map((participant) => participant.name);
}
