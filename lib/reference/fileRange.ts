import { readSync } from 'node:fs';

/**
 * `length` bytes of an open file from `position`, read until complete (a read may return fewer bytes than
 * asked); throws when the file ends first. For the files read by byte range instead of whole: the airports'
 * rows (lib/aviation/airportFile.ts) and the vPIC pattern table (lib/vehicles/vpicTable.ts).
 */
export function readRange(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(fd, buffer, done, length - done, position + done);
    if (read === 0) throw new Error(`file ended at byte ${position + done}, before the ${length} bytes from ${position}`);
    done += read;
  }
  return buffer;
}
