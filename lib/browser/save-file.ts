// Saving a Blob as a file from the page: a temporary object URL clicked as a download link.

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Chromium reads the blob asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
