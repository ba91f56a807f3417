// Packs JSON texts into groups under a byte cap (frames, queue messages), in
// order; an item over the cap travels alone. Used by the Hive and its mirror.

export function packByBytes<T>(
  items: readonly T[],
  maxBytes: number,
  bytesOf: (item: T) => number,
): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let size = 0;
  for (const item of items) {
    const bytes = bytesOf(item);
    if (group.length > 0 && size + bytes > maxBytes) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(item);
    size += bytes + 1;
  }
  if (group.length > 0) {
    groups.push(group);
  }
  return groups;
}

/** UTF-8 length of a string without allocating an encoded copy. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      bytes += 1;
    } else if (code < 0x800) {
      bytes += 2;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else {
      bytes += 3;
    }
  }
  return bytes;
}
