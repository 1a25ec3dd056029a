import { closeSync, fstatSync, fsyncSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * Appends one JSON line to the release log and flushes it to disk before returning: a switch's
 * intention must be on disk before its file is written. A last line a crash cut short (no newline
 * at the end) is ended first, so the new line never runs into it; the short line stays unreadable
 * and is skipped by readers.
 */
export function appendLogLine(file: string, value: unknown): void {
  const fd = openSync(file, 'a+');
  try {
    const { size } = fstatSync(fd);
    let prefix = '';
    if (size > 0) {
      const last = Buffer.alloc(1);
      readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) prefix = '\n';
    }
    writeSync(fd, `${prefix}${JSON.stringify(value)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
