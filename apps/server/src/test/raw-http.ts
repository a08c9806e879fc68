import net from 'node:net';

/** One answer as it arrived on the socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A client on a plain TCP socket: what it sends goes out byte for byte (no HTTP client fixes up,
 * retries or hides anything, and light-my-request has no socket at all), and every socket error
 * (ECONNRESET, EPIPE …) is kept. The socket stays half-open when the server closes its side, so a
 * test decides itself whether the client goes on sending.
 */
export class RawConnection {
  readonly errors: string[] = [];
  private received = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  private ended = false;
  private closedAt = false;
  private endless = false;

  private constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.wake();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => this.errors.push(err.code ?? err.message));
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('close', () => {
      this.closedAt = true;
      this.endless = false;
      this.wake();
    });
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
    });
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private until(done: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => (done() ? resolve() : this.waiters.push(check));
      check();
    });
  }

  /** Writes bytes; resolves once the socket took them (or failed to). */
  send(bytes: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(bytes, () => resolve());
    });
  }

  /** Keeps writing `chunk` whenever the socket can take more, until the connection closes. */
  sendEndlessly(chunk: Buffer): void {
    this.endless = true;
    const more = () => {
      while (this.endless && !this.socket.destroyed && this.socket.write(chunk));
    };
    this.socket.on('drain', more);
    more();
  }

  /** The next whole answer (status line, headers and the body its Content-Length announces); null if the connection ends first. */
  async answer(): Promise<RawAnswer | null> {
    let parsed: { answer: RawAnswer; length: number } | null = null;
    await this.until(() => (parsed = this.parse()) !== null || this.ended || this.closedAt);
    const found = parsed as { answer: RawAnswer; length: number } | null;
    if (!found) return null;
    this.received = this.received.subarray(found.length);
    return found.answer;
  }

  private parse(): { answer: RawAnswer; length: number } | null {
    const end = this.received.indexOf('\r\n\r\n');
    if (end === -1) return null;
    const [statusLine, ...lines] = this.received.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? NaN);
    if (!Number.isFinite(length) || this.received.length < end + 4 + length) return null;
    const body = this.received.subarray(end + 4, end + 4 + length).toString('utf8');
    return { answer: { status: Number(statusLine!.split(' ')[1]), headers, body }, length: end + 4 + length };
  }

  /** Whether the server closed its side (it sent FIN, or the connection is gone). */
  get serverClosed(): boolean {
    return this.ended || this.closedAt;
  }

  /** Ends the client's side (after what it wrote) and waits until the connection is closed. */
  async end(): Promise<void> {
    this.endless = false;
    if (!this.socket.destroyed) this.socket.end();
    await this.closed();
  }

  /** Waits until the server has closed its side (FIN) or the connection is gone. */
  serverEnd(): Promise<void> {
    return this.until(() => this.serverClosed);
  }

  /** Waits until the connection is closed, by either side. */
  closed(): Promise<void> {
    return this.until(() => this.closedAt);
  }

  get bytesWritten(): number {
    return this.socket.bytesWritten;
  }
}

/** A request head, ended by its blank line: the request line, then the headers (Host first). */
export function head(method: string, path: string, headers: Record<string, string | number | undefined> = {}): string {
  const lines = Object.entries(headers)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`);
  return [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...lines].join('\r\n') + '\r\n\r\n';
}
