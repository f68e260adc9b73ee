import { createReadStream } from 'node:fs'

/**
 * A small streaming CSV reader (RFC 4180): comma-separated, fields optionally in double quotes,
 * `""` for a quote inside a quoted field, commas and line breaks allowed inside quotes, CRLF or LF
 * line ends, an optional UTF-8 byte order mark. Yields one array of fields per record; blank
 * lines are skipped.
 */
export class CsvParser {
  private field = ''
  private record: string[] = []
  private quoted = false
  /** The previous character closed a quoted section: a following `"` is an escaped quote. */
  private quoteClosed = false
  private started = false
  private atStart = true

  /** Feeds a chunk; returns the records it completed. */
  push(chunk: string): string[][] {
    const done: string[][] = []
    let text = chunk
    if (this.atStart) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
      if (text.length > 0) this.atStart = false
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false
          this.quoteClosed = true
        } else this.field += c
        continue
      }
      if (c === '"') {
        if (this.quoteClosed) this.field += '"'
        this.quoted = true
        this.quoteClosed = false
        this.started = true
        continue
      }
      this.quoteClosed = false
      if (c === ',') {
        this.record.push(this.field)
        this.field = ''
        this.started = true
      } else if (c === '\n') {
        this.endRecord(done)
      } else if (c === '\r') {
        // Dropped: CRLF ends a record at the LF.
      } else {
        this.field += c
        this.started = true
      }
    }
    return done
  }

  /** Flushes the last record of a file without a final line break. */
  end(): string[][] {
    const done: string[][] = []
    this.endRecord(done)
    return done
  }

  private endRecord(done: string[][]) {
    if (this.started || this.field !== '') {
      this.record.push(this.field)
      done.push(this.record)
    }
    this.record = []
    this.field = ''
    this.started = false
    this.quoted = false
    this.quoteClosed = false
  }
}

/** Every record of a CSV string. */
export function parseCsv(text: string): string[][] {
  const parser = new CsvParser()
  return [...parser.push(text), ...parser.end()]
}

/** Streams the records of a UTF-8 CSV file. */
export async function* readCsvFile(path: string): AsyncGenerator<string[]> {
  const parser = new CsvParser()
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    yield* parser.push(chunk as string)
  }
  yield* parser.end()
}
