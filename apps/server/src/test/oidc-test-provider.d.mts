export interface TestProvider {
  issuer: string;
  setAccount(id: string, claims: Record<string, unknown>): void;
  setCodeTtl(seconds: number): void;
  signIn(authorizationUrl: string, accountId: string): Promise<string>;
  close(): Promise<void>;
}
export function startTestProvider(opts?: {
  accounts?: Record<string, Record<string, unknown>>;
  clients?: Record<string, unknown>[];
  port?: number;
  name?: string;
}): Promise<TestProvider>;
