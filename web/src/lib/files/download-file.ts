/** Saves text as a file through a temporary <a download> (the object URL is freed once the download has it). */
export const downloadFile = (text: string, filename: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** The file name a Content-Disposition header gives, if any. */
export const filenameOf = (disposition: string | null | undefined): string | undefined => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
