/**
 * Reads an OTLP `ExportTraceServiceRequest` in protobuf (the SDK's default protocol, http/protobuf)
 * into the fields the trace tests look at, with the protobuf wire format read here: the fields of
 * opentelemetry/proto/trace/v1/trace.proto and common.proto by number, unknown ones skipped.
 */
export interface DecodedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string } }[];
  scope: string;
}

type Field = { no: number; varint?: bigint; bytes?: Buffer };

function varint(buf: Buffer, at: number): [bigint, number] {
  let value = 0n;
  for (let shift = 0n; ; shift += 7n) {
    const byte = buf[at++];
    if (byte === undefined) throw new Error('protobuf: a varint runs past the end');
    value |= BigInt(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return [value, at];
  }
}

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = varint(buf, at);
    at = next;
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [v, after] = varint(buf, at);
      out.push({ no, varint: v });
      at = after;
    } else if (wire === 2) {
      const [len, after] = varint(buf, at);
      out.push({ no, bytes: buf.subarray(after, after + Number(len)) });
      at = after + Number(len);
    } else if (wire === 1 || wire === 5) {
      at += wire === 1 ? 8 : 4;
    } else {
      throw new Error(`protobuf: wire type ${wire} is not expected in a trace export`);
    }
  }
  return out;
}

const all = (fs: Field[], no: number) => fs.filter((f) => f.no === no);
const one = (fs: Field[], no: number) => fs.find((f) => f.no === no);
const text = (f: Field | undefined) => f?.bytes?.toString('utf8') ?? '';
const hex = (f: Field | undefined) => f?.bytes?.toString('hex') ?? '';

function anyValue(buf: Buffer): { stringValue?: string; intValue?: string } {
  const fs = fields(buf);
  const s = one(fs, 1);
  const i = one(fs, 3);
  return { ...(s ? { stringValue: text(s) } : {}), ...(i?.varint !== undefined ? { intValue: BigInt.asIntN(64, i.varint).toString() } : {}) };
}

export function decodeTraceExport(body: Buffer): DecodedSpan[] {
  const spans: DecodedSpan[] = [];
  for (const resourceSpans of all(fields(body), 1)) {
    for (const scopeSpans of all(fields(resourceSpans.bytes!), 2)) {
      const ss = fields(scopeSpans.bytes!);
      const scope = text(one(fields(one(ss, 1)?.bytes ?? Buffer.alloc(0)), 1));
      for (const span of all(ss, 2)) {
        const f = fields(span.bytes!);
        const parent = hex(one(f, 4));
        spans.push({
          traceId: hex(one(f, 1)),
          spanId: hex(one(f, 2)),
          ...(parent ? { parentSpanId: parent } : {}),
          name: text(one(f, 5)),
          kind: Number(one(f, 6)?.varint ?? 0n),
          attributes: all(f, 9).map((kv) => {
            const k = fields(kv.bytes!);
            return { key: text(one(k, 1)), value: anyValue(one(k, 2)?.bytes ?? Buffer.alloc(0)) };
          }),
          scope,
        });
      }
    }
  }
  return spans;
}
