import { createRequire } from 'node:module';
import type { Duplex, Readable } from 'node:stream';
import { AppError } from '../../errors.ts';
import { limitMessages, type TableLimits } from './import-limits.ts';

// An .xlsx is a zip: a few MB of it may unpack to gigabytes, and exceljs holds every shared
// string in memory. Before exceljs reads a workbook, this pass unpacks each part as exceljs will
// and counts the bytes actually inflated (the sizes a zip declares may lie) and the shared
// strings, stopping at the first bound passed.

type ZipEntry = Readable & { path: string; autodrain: () => { promise: () => Promise<void> } };
type ZipParser = Duplex & AsyncIterable<ZipEntry>;

/** The zip parser exceljs reads with (unzipper, its dependency): this pass sees the parts exceljs will see. */
const { Parse } = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as {
  Parse: (options: { forceStream: true }) => ZipParser;
};

const SHARED_STRINGS = 'xl/sharedStrings.xml';

/**
 * Refuses the workbook (413) past a bound; a damaged zip is left for exceljs to report in its own
 * words. `input` is the zip as exceljs will be given it; the entries `isCounted` rejects are read but not counted.
 */
export async function checkWorkbookBounds(
  input: Readable,
  limits: TableLimits,
  isCounted: (entry: string) => boolean,
): Promise<void> {
  const parser = Parse({ forceStream: true });
  let current: ZipEntry | null = null;
  // unzipper tells an inflate failure to the parser, not to the entry being read, which would then never end.
  parser.on('error', (error) => current?.destroy(error));
  input.pipe(parser);
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of parser) {
      current = entry;
      if (!isCounted(entry.path)) {
        await entry.autodrain().promise();
        continue;
      }
      entries += 1;
      if (entries > limits.zipEntries) throw tooLarge(limitMessages.zipEntries(limits.zipEntries));
      const strings = entry.path === SHARED_STRINGS ? new SharedStringCounter() : null;
      let bytes = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        total += chunk.length;
        if (bytes > limits.entryUnzippedBytes) {
          throw tooLarge(limitMessages.entryUnzippedBytes(limits.entryUnzippedBytes, entry.path));
        }
        if (total > limits.totalUnzippedBytes)
          throw tooLarge(limitMessages.totalUnzippedBytes(limits.totalUnzippedBytes));
        if (!strings) continue;
        if (bytes > limits.sharedStringsBytes)
          throw tooLarge(limitMessages.sharedStringsBytes(limits.sharedStringsBytes));
        if (strings.add(chunk) > limits.sharedStrings)
          throw tooLarge(limitMessages.sharedStrings(limits.sharedStrings));
      }
      current = null;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Damaged: exceljs fails at the same place, having unpacked no more than was counted here.
  } finally {
    current?.destroy();
    input.destroy();
    parser.destroy();
  }
}

const tooLarge = (message: string) => new AppError('too_large', message);

const SI = Buffer.from('<si');
/** What may follow an element's name: `<si>`, `<si/>`, `<si xml:space=...>`. */
const NAME_ENDS = new Set([...'>/ \t\r\n'].map((char) => char.charCodeAt(0)));

/** Counts `<si>` elements (one per shared string) in a stream of chunks, a tag cut between chunks included. */
class SharedStringCounter {
  private count = 0;
  private tail: Buffer = Buffer.alloc(0);

  add(chunk: Buffer): number {
    const text = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    let from = 0;
    for (;;) {
      const at = text.indexOf(SI, from);
      if (at < 0) {
        this.tail = text.subarray(Math.max(from, text.length - (SI.length - 1)));
        break;
      }
      if (at + SI.length >= text.length) {
        this.tail = text.subarray(at);
        break;
      }
      if (NAME_ENDS.has(text[at + SI.length] ?? 0)) this.count += 1;
      from = at + SI.length;
    }
    return this.count;
  }
}
