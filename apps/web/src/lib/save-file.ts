/**
 * Hands `contents` to the browser as a download named `fileName`: a Blob behind a temporary `<a download>`, for
 * files that need the session's token and so cannot be a plain link.
 */
export const saveFile = (contents: string, fileName: string, type: string) => {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked only after the click has been handled: some browsers start the download asynchronously.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
};
