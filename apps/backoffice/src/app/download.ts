/** Saves data as a file the browser downloads (the link is attached while clicked, the URL freed afterwards). */
export function downloadFile(data: BlobPart, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves CSV text (the server's exports) as a file the browser downloads. */
export function downloadCsv(text: string, filename: string) {
  downloadFile(text, filename, 'text/csv;charset=utf-8');
}
