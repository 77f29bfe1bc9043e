import type { SupportMessage } from '@tessera/contract';
import type { MessageRow } from './store.ts';

type ImageIdRow = { id: string; message_id: number };

/** A stored message as both sides read it; `otherReadAt` is when the other side last read the conversation. */
export function toMessage(
  row: MessageRow,
  otherReadAt: Date | null,
  images: readonly ImageIdRow[],
): SupportMessage {
  return {
    id: row.id,
    sender: row.sender,
    kind: row.kind,
    body: row.body,
    operator: row.operator,
    createdAt: row.created_at.toISOString(),
    read: row.kind === 'text' && otherReadAt !== null && otherReadAt >= row.created_at,
    images: images.filter((image) => image.message_id === row.id).map((image) => image.id),
  };
}
