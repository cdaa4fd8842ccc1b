/** Hands a file made in the page to the browser as a download named `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click is handled; the blob can then go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
