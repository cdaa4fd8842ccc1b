// Request bodies for upload tests.

export type FilePart = { name: string; bytes: Buffer; field?: string };
export type Field = [string, string];

/** A multipart/form-data body as a browser sends it (file names as raw UTF-8). */
export function multipart(fields: Field[], files: FilePart[]) {
  const boundary = '----quaysideTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  // Fields first, as the web app sends them: the server wants `shipment` before the files.
  for (const [name, value] of fields) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
