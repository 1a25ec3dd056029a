import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Replaces a file atomically: the text goes to a temporary file in the same folder, flushed to
 * disk, then renamed over the file, so the portal server reads either the old file or the new
 * one, never half of one, and a crash leaves one of the two.
 */
export function writeTextAtomically(file: string, text: string): void {
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    const fd = openSync(temporary, 'wx');
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** The text remotes.json and host.json are written as: two-space JSON and a final newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
