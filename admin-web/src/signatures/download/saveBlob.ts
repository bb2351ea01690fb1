/** Hands a file to the browser's download, under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(
    blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
