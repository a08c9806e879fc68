/** One sample of a scrape: `name{labels} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  /** Metric family -> counter, gauge, histogram, summary or untyped. */
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,?)/;

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case; prom-client writes `Nan`. */
function parseValue(text: string): number {
  if (/^\+?inf$/i.test(text)) return Infinity;
  if (/^-inf$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${text}`);
  return n;
}

/**
 * The Prometheus text exposition format (version 0.0.4), strictly: a line it does not know is an
 * error. Written for the tests (prom-client writes the format but does not read it).
 */
export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.split('\n').forEach((line, i) => {
    const fail = (why: string) => {
      throw new Error(`line ${i + 1}: ${why}: ${line}`);
    };
    if (!line.trim()) return;
    if (line.startsWith('#')) {
      const m = line.match(/^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/);
      if (!m) return; // a comment
      if (m[1] === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(m[3]!)) fail('unknown type');
        if (types.has(m[2]!)) fail('a second TYPE');
        types.set(m[2]!, m[3]!);
      }
      return;
    }
    const name = line.match(NAME)?.[0];
    if (!name) return fail('no metric name');
    let rest = line.slice(name.length);
    const labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      rest = rest.slice(1);
      while (!rest.startsWith('}')) {
        const m = rest.match(LABEL);
        if (!m) return fail('bad label');
        labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
        rest = rest.slice(m[0].length);
        if (!m[3] && !rest.startsWith('}')) return fail('labels not separated');
      }
      rest = rest.slice(1);
    }
    const parts = rest.trim().split(/\s+/);
    if (!rest.startsWith(' ') || parts.length < 1 || parts.length > 2) return fail('bad value');
    try {
      samples.push({ name, labels, value: parseValue(parts[0]!) });
    } catch (err) {
      fail((err as Error).message);
    }
  });
  return { types, samples };
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): Sample[] {
  return scrape.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The value of the one sample of `name` with `labels`; undefined when there is none. */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samplesOf(scrape, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
