/** The text file a user downloads: a title line, when, and one code per line. */
export function recoveryCodesText(codes: readonly string[], title: string, createdAt: string): string {
  return [title, createdAt, '', ...codes, ''].join('\n');
}

/** Saves text as a file through a temporary link (no page navigation, nothing sent anywhere). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed once it is read.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
